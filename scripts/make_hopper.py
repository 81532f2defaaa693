#!/usr/bin/env python3
"""Writes the hopper demo (issue 16): assets/models/hopper.obj, the pebble shapes
assets/models/pebbles/pebble_NN.obj and assets/scenes/hopper.json.

A square funnel of four slab walls (each a convex hexahedron, one piece of the volumetric model)
over a floor slab, and pebbles poured in above it: each pebble shape is the convex hull of random
points on a randomly stretched ellipsoid, so every piece is convex and every shape differs. The
output is a function of the seed only (standard library, no NumPy), so the committed files are
reproducible with `python3 scripts/make_hopper.py`.
"""
import argparse
import json
import math
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def add(a, b):
    return [a[i] + b[i] for i in range(3)]


def scale(a, s):
    return [x * s for x in a]


def dot(a, b):
    return sum(a[i] * b[i] for i in range(3))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(dot(a, a))


def centre(points):
    return scale([sum(p[i] for p in points) for i in range(3)], 1.0 / len(points))


def outward(vertices, tri, inside):
    """The triangle wound counter-clockwise seen from outside (its normal away from `inside`)."""
    a, b, c = (vertices[i] for i in tri)
    n = cross(sub(b, a), sub(c, a))
    return tri if dot(n, sub(a, inside)) > 0 else (tri[0], tri[2], tri[1])


def hull_triangles(points):
    """Faces of the convex hull of points in general position (no four coplanar), by testing
    every triple: a triple is a face when all other points lie on one side of its plane. O(n^4),
    which is nothing for the few dozen points of a pebble."""
    n = len(points)
    size = max(norm(sub(p, points[0])) for p in points)
    eps = 1e-12 * size
    inside = centre(points)
    faces = []
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                normal = cross(sub(points[j], points[i]), sub(points[k], points[i]))
                if norm(normal) < 1e-9 * size * size:
                    continue
                sides = [dot(normal, sub(points[m], points[i])) for m in range(n)
                         if m not in (i, j, k)]
                if all(s < -eps for s in sides) or all(s > eps for s in sides):
                    faces.append(outward(points, (i, j, k), inside))
    return faces


def pebble(rng, base_radius):
    """Hull of 14–40 random directions on an ellipsoid with axes 0.7–1.4 × base_radius, each
    point's radius roughened by ±8 %, vertices not on the hull dropped."""
    axes = [base_radius * rng.uniform(0.7, 1.4) for _ in range(3)]
    count = rng.randint(14, 40)
    points = []
    for _ in range(count):
        while True:
            d = [rng.gauss(0.0, 1.0) for _ in range(3)]
            if norm(d) > 1e-6:
                break
        d = scale(d, rng.uniform(0.92, 1.08) / norm(d))
        points.append([d[i] * axes[i] for i in range(3)])
    faces = hull_triangles(points)
    used = sorted({i for f in faces for i in f})
    index = {old: new for new, old in enumerate(used)}
    # The body frame at the centroid of the vertices, so that a scene position is the pebble's
    # middle.
    c = centre([points[i] for i in used])
    return [sub(points[i], c) for i in used], [tuple(index[i] for i in f) for f in faces]


# A hexahedron's faces by vertex index: vertices 0–3 one quadrilateral, 4–7 the opposite one,
# vertex k + 4 opposite vertex k.
HEX_QUADS = [(0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]


def hexahedron(vertices):
    inside = centre(vertices)
    faces = []
    for a, b, c, d in HEX_QUADS:
        faces.append(outward(vertices, (a, b, c), inside))
        faces.append(outward(vertices, (a, c, d), inside))
    return faces


def hopper_pieces(top_half, bottom_half, bottom_z, height, wall, floor_z, floor_half):
    """Four slab walls whose inner faces are the funnel's trapezoids, each thickened by `wall`
    along its outward normal; and a floor slab whose top is at floor_z."""
    top_z = bottom_z + height
    pieces = []
    for angle in (0.0, 0.5 * math.pi, math.pi, 1.5 * math.pi):
        c, s = math.cos(angle), math.sin(angle)

        def turned(x, y, z):
            return [c * x - s * y, s * x + c * y, z]

        # Each trapezoid reaches `wall` past the corner edges into its neighbours' slabs: the
        # walls overlap there instead of sharing vertices, which would weld the five pieces into
        # one non-convex shell.
        b, t = bottom_half + wall, top_half + wall
        inner = [turned(-b, bottom_half, bottom_z), turned(b, bottom_half, bottom_z),
                 turned(t, top_half, top_z), turned(-t, top_half, top_z)]
        # Outward normal of the inner face (away from the funnel's axis).
        n = cross(sub(inner[1], inner[0]), sub(inner[3], inner[0]))
        n = scale(n, 1.0 / norm(n))
        if dot(n, turned(0.0, 1.0, 0.0)) < 0:
            n = scale(n, -1.0)
        outer = [add(p, scale(n, wall)) for p in inner]
        vertices = inner + outer
        pieces.append((vertices, hexahedron(vertices)))
    f = floor_half
    floor = [[-f, -f, floor_z - wall], [f, -f, floor_z - wall], [f, f, floor_z - wall],
             [-f, f, floor_z - wall], [-f, -f, floor_z], [f, -f, floor_z], [f, f, floor_z],
             [-f, f, floor_z]]
    pieces.append((floor, hexahedron(floor)))
    return pieces


def write_obj(path, objects, comment):
    lines = [f"# {comment}", "# written by scripts/make_hopper.py"]
    offset = 1
    for name, vertices, faces in objects:
        lines.append(f"o {name}")
        lines += [f"v {x:.9g} {y:.9g} {z:.9g}" for x, y, z in vertices]
        lines += [f"f {a + offset} {b + offset} {c + offset}" for a, b, c in faces]
        offset += len(vertices)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def random_quaternion(rng):
    """Uniform over rotations (Shoemake 1992): [w, x, y, z]."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    return [b * math.cos(2 * math.pi * u3), a * math.sin(2 * math.pi * u2),
            a * math.cos(2 * math.pi * u2), b * math.sin(2 * math.pi * u3)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--shapes", type=int, default=12, help="distinct pebble shapes")
    parser.add_argument("--layers", type=int, default=5, help="layers of 6 × 6 pebbles")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    # Metres. The opening (0.16 m) is about five pebble widths, so the pebbles drain rather than
    # arch over it; the walls are 32° off vertical.
    top_half, bottom_half, bottom_z, height = 0.25, 0.08, 0.30, 0.30
    pieces = hopper_pieces(top_half, bottom_half, bottom_z, height, wall=0.01, floor_z=0.0,
                           floor_half=0.6)
    names = ["wall_north", "wall_west", "wall_south", "wall_east", "floor"]
    write_obj(ROOT / "assets/models/hopper.obj",
              [(names[i], v, f) for i, (v, f) in enumerate(pieces)],
              "hopper demo: four funnel walls and a floor, five convex pieces")

    base_radius = 0.016
    shapes = []
    for k in range(args.shapes):
        vertices, faces = pebble(rng, base_radius)
        name = f"pebble_{k:02d}.obj"
        write_obj(ROOT / "assets/models/pebbles" / name, [(f"pebble_{k:02d}", vertices, faces)],
                  f"hopper demo: pebble shape {k}, the convex hull of random points")
        shapes.append(name)

    bodies = [{"name": "hopper", "fixed": True, "mesh": {"file": "../models/hopper.obj"},
               "material": "granite"}]
    spacing = 0.07
    for layer in range(args.layers):
        for i in range(6):
            for j in range(6):
                jitter = [rng.uniform(-0.005, 0.005) for _ in range(3)]
                position = [(i - 2.5) * spacing + jitter[0], (j - 2.5) * spacing + jitter[1],
                            bottom_z + height + 0.06 + layer * spacing + jitter[2]]
                bodies.append({
                    "name": f"pebble_{len(bodies):03d}",
                    "mesh": {"file": "../models/pebbles/" + rng.choice(shapes)},
                    "material": "granite",
                    "position": [round(x, 6) for x in position],
                    "orientation": [round(x, 9) for x in random_quaternion(rng)],
                })
    # Hunt–Crossley k = 2e5 N/m^1.5 is granite softened ~10^4 times (Hertz for two 16 mm granite
    # spheres gives ~3e9): a pebble landing from the opening (2.4 m/s) sinks up to ~5 mm, one
    # resting under the pile ~0.2 mm, and the pour runs in minutes instead of hours. Beverloo's
    # outflow rate for this opening and pebble size, ~13 kg/s, empties the 8.3 kg of pebbles in
    # ~0.6 s after they reach it; the run has them all on the floor by 1.0 s, and end_time
    # leaves them a little time to settle there.
    scene = {
        "format": "contactsim-scene",
        "version": 1,
        "gravity": [0, 0, -9.81],
        "solver": {"time_step": 0.001, "end_time": 1.2},
        "materials": [{"name": "granite", "density": 2700, "young_modulus": 5e10,
                       "poisson_ratio": 0.25}],
        "bodies": bodies,
        "contact": {
            "pairs": "all",
            "geometry": "volumetric",
            "law": {"model": "hunt-crossley", "stiffness": 2e5, "exponent": 1.5,
                    "restitution": 0.3,
                    "friction": {"model": "coulomb", "dynamic": 0.5}},
        },
    }
    (ROOT / "assets/scenes/hopper.json").write_text(json.dumps(scene, indent=1) + "\n")
    print(f"{len(bodies) - 1} pebbles of {len(shapes)} shapes")


if __name__ == "__main__":
    main()
