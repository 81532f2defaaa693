#!/usr/bin/env python3
"""Writes the IFToMM multibody benchmark scenes into assets/scenes/benchmarks/: A01 simple
pendulum, A02 N-four-bar, A03 Andrews' squeezing mechanism, A04 Bricard's mechanism and A05 the
stiff flyball governor. The problem data are those of the IFToMM Technical Committee for
Multibody Dynamics' benchmark library (lim.ii.udc.es/mbsbenchmark; González, Dopico, Lugrís,
Cuadrado 2006, "A benchmarking system for MBS simulation software: problem standardization and
performance measurement", Multibody Syst. Dyn. 16; González, Dopico, Pastorino, Cuadrado 2016,
Nonlinear Dyn. 85). A01, A02 and A03 are planar mechanisms in the x–y plane.

Links are slender rods of 1 kg and 1 m; the solid representation needs a finite inertia about
the rod's own axis, so each rod is a 1 m cylinder of radius 5 mm (m r²/2 = 1.25e-5 kg m²): the
planar motion never excites that axis, so the benchmark's answer does not depend on it.
"""
import json
import math
import pathlib
import sys

ROD_RADIUS = 0.005


def rod(name, start, direction):
    """A 1 kg, 1 m rod whose frame sits at `start`, lying along the unit `direction` (x or y)."""
    axial = 0.5 * ROD_RADIUS**2
    transverse = 1.0 / 12.0 + ROD_RADIUS**2 / 4.0
    com = [start[0] + 0.5 * direction[0], start[1] + 0.5 * direction[1], 0.0]
    ixx = axial if direction[0] else transverse
    iyy = axial if direction[1] else transverse
    return {
        "name": name,
        "mass": 1.0,
        "center_of_mass": [0.5 * direction[0], 0.5 * direction[1], 0.0],
        "inertia": [ixx, iyy, transverse, 0, 0, 0],
        "position": [start[0], start[1], 0.0],
        "orientation": [1, 0, 0, 0],
        "_com_world": com,
    }


def revolute(name, a, b, point):
    return {"name": name, "type": "revolute", "body_a": a, "body_b": b,
            "point": [point[0], point[1], 0.0], "axis": [0, 0, 1]}


def scene(bodies, joints, end_time, time_step=0.001):
    for body in bodies:
        body.pop("_com_world", None)
    return {"format": "contactsim-scene", "version": 1, "gravity": [0, -9.81, 0],
            "solver": {"time_step": time_step, "end_time": end_time},
            "bodies": bodies, "joints": joints}


def n_four_bar(n):
    """A02: N+1 vertical cranks pinned to the ground at x = 0..N, N horizontal couplers joining
    their tips at y = 1; the first crank's tip B0 starts at 1 m/s along +x; 10 s."""
    bodies, joints = [], []
    for i in range(n + 1):
        crank = rod(f"crank{i}", (float(i), 0.0), (0, 1))
        # The whole mechanism turns with one angle: every crank tip moves at 1 m/s along +x.
        crank["angular_velocity"] = [0.0, 0.0, -1.0]
        bodies.append(crank)
        joints.append(revolute(f"O{i}", "world", f"crank{i}", (float(i), 0.0)))
    for i in range(n):
        coupler = rod(f"coupler{i}", (float(i), 1.0), (1, 0))
        coupler["linear_velocity"] = [1.0, 0.0, 0.0]
        bodies.append(coupler)
        joints.append(revolute(f"A{i}", f"crank{i}", f"coupler{i}", (float(i), 1.0)))
        joints.append(revolute(f"B{i}", f"coupler{i}", f"crank{i + 1}", (float(i + 1), 1.0)))
    return scene(bodies, joints, 10.0)


def simple_pendulum():
    """A01: a 1 kg point mass on a massless 1 m rod, starting horizontal with 0 speed... as in the
    library: released from the horizontal position at rest, 10 s."""
    bob = {"name": "bob", "mass": 1.0, "center_of_mass": [1.0, 0.0, 0.0],
           "inertia": [1e-6, 1e-6, 1e-6, 0, 0, 0], "position": [0, 0, 0],
           "orientation": [1, 0, 0, 0]}
    return scene([bob], [revolute("pivot", "world", "bob", (0.0, 0.0))], 10.0)


def planar_body(name, mass, inertia, com):
    """A body of the x–y plane whose frame is the world frame at t = 0 (identity pose at the
    origin), with its centre of mass at the world point `com`. Only I_zz acts in planar motion;
    the other two principal moments are set equal to it so that the body is a regular solid."""
    return {"name": name, "mass": mass, "center_of_mass": [com[0], com[1], 0.0],
            "inertia": [inertia, inertia, inertia, 0, 0, 0], "position": [0, 0, 0],
            "orientation": [1, 0, 0, 0]}


def arm(length, angle):
    return (length * math.cos(angle), length * math.sin(angle))


def add(*points):
    return (sum(p[0] for p in points), sum(p[1] for p in points))


# A03 data: Hairer & Wanner, Solving Ordinary Differential Equations II, §VII.7 (after Schiehlen
# 1990 and Manning 1981); SI units. Lengths in m, masses in kg, inertias in kg m².
ANDREWS = dict(m1=0.04325, m2=0.00365, m3=0.02373, m4=0.00706, m5=0.07050, m6=0.00706,
               m7=0.05498, i1=2.194e-6, i2=4.410e-7, i3=5.255e-6, i4=5.667e-7, i5=1.169e-5,
               i6=5.667e-7, i7=1.912e-5, xa=-0.06934, ya=-0.00227, xb=-0.03635, yb=0.03273,
               xc=0.014, yc=0.072, c0=4530.0, l0=0.07785, rr=0.007, ra=0.00092, d=0.028,
               da=0.0115, e=0.02, ea=0.01421, zf=0.02, zt=0.04, fa=0.01421, ss=0.035, sa=0.01874,
               sb=0.01043, sc=0.018, sd=0.02, ta=0.02308, tb=0.00916, u=0.04, ua=0.01228,
               ub=0.00449, mom=0.033)
# Consistent initial angles (β, Θ, γ, Φ, δ, Ω, ε), at rest.
ANDREWS_ANGLES = (-0.0617138900142764496358948458001, 0.0,
                  0.455279819163070380255912382449, 0.222668390165885884674473185609,
                  0.487364979543842550225598953530, -0.222668390165885884674473185609,
                  1.23054744454982119249735015568)


def andrews():
    """A03: seven bodies in the x–y plane, no gravity, driven by a constant torque `mom` on the
    crank (body 1, angle β about the origin O), a spring (c0, l0) from D on body 3 to the fixed
    point C; 0.03 s from rest. Angles are those of Hairer & Wanner: β (crank OF), β + Θ (rod FE),
    γ (body 3 about B), δ (body 5 about A), Φ + δ (rod GE), ε (body 7 about A), Ω + ε (rod HE).
    The joint E joins bodies 2, 3, 4 and 6. Where the book gives only a centre of mass's distance
    from a ground pivot (bodies 3, 5 and 7 turn about fixed points and there is no gravity), it is
    placed at (a, b) in the body's own axes; the motion does not depend on that choice."""
    p = ANDREWS
    beta, theta, gamma, phi, delta, omega, epsilon = ANDREWS_ANGLES
    down = -math.pi / 2  # (sin a, −cos a) = (cos(a − π/2), sin(a − π/2))
    o, a, b, c = (0.0, 0.0), (p["xa"], p["ya"]), (p["xb"], p["yb"]), (p["xc"], p["yc"])
    f = arm(p["rr"], beta)
    e = add(f, arm(-p["d"], beta + theta))
    g = add(a, arm(p["zt"], delta))
    h = add(a, arm(p["u"], epsilon + down))
    dpt = add(b, arm(p["sd"], gamma), arm(p["sc"], gamma + down))
    bodies = [
        planar_body("body1", p["m1"], p["i1"], arm(p["ra"], beta)),
        planar_body("body2", p["m2"], p["i2"], add(f, arm(-p["da"], beta + theta))),
        planar_body("body3", p["m3"], p["i3"],
                    add(b, arm(p["sa"], gamma + down), arm(p["sb"], gamma))),
        planar_body("body4", p["m4"], p["i4"], add(g, arm(p["e"] - p["ea"], phi + delta + down))),
        planar_body("body5", p["m5"], p["i5"],
                    add(a, arm(p["ta"], delta), arm(p["tb"], delta + math.pi / 2))),
        planar_body("body6", p["m6"], p["i6"], add(h, arm(p["zf"] - p["fa"], omega + epsilon))),
        planar_body("body7", p["m7"], p["i7"],
                    add(a, arm(p["ua"], epsilon + down), arm(p["ub"], epsilon))),
    ]
    joints = [revolute("O", "world", "body1", o), revolute("F", "body1", "body2", f),
              revolute("E3", "body2", "body3", e), revolute("E4", "body2", "body4", e),
              revolute("E6", "body2", "body6", e), revolute("B", "world", "body3", b),
              revolute("A5", "world", "body5", a), revolute("A7", "world", "body7", a),
              revolute("G", "body5", "body4", g), revolute("H", "body7", "body6", h)]
    data = scene(bodies, joints, 0.03, time_step=1e-4)
    data["gravity"] = [0, 0, 0]
    data["springs"] = [{"name": "spring", "body_a": "body3", "point_a": [dpt[0], dpt[1], 0.0],
                        "body_b": "world", "point_b": [c[0], c[1], 0.0], "stiffness": p["c0"],
                        "damping": 0.0, "rest_length": p["l0"]}]
    data["loads"] = [{"body": "body1", "torque": [0.0, 0.0, p["mom"]]}]
    return data


def spatial_rod(name, start, axis, mass=1.0, length=1.0, radius=ROD_RADIUS):
    """A slender rod (solid cylinder of `radius`) from `start` along the world axis `axis` (0, 1
    or 2, with the sign of `length`), its frame the world frame at t = 0."""
    com = list(start)
    com[axis] += 0.5 * length
    inertia = [mass * (length**2 / 12.0 + radius**2 / 4.0)] * 3
    inertia[axis] = 0.5 * mass * radius**2
    return {"name": name, "mass": mass, "center_of_mass": com, "inertia": inertia + [0, 0, 0],
            "position": [0, 0, 0], "orientation": [1, 0, 0, 0]}


def joint3(name, kind, a, b, point, axis):
    return {"name": name, "type": kind, "body_a": a, "body_b": b, "point": list(point),
            "axis": list(axis)}


def bricard():
    """A04: five 1 kg, 1 m rods P0–P1–P2–P3–P4–P5 closing on the ground through six revolute
    joints whose axes are turned 90° from one joint to the next, gravity −y, from rest; 10 s.
    Grübler's count gives no freedom (6·5 − 5·6 = 0), the geometry leaves one: one of the joints'
    equations is redundant. The tracked point is P3 = (1, −1, 0), the second rod's lower end."""
    x, y, z = (1, 0, 0), (0, 1, 0), (0, 0, 1)
    bodies = [spatial_rod("rod1", (0, 0, 0), 0), spatial_rod("rod2", (1, 0, 0), 1, length=-1.0),
              spatial_rod("rod3", (1, -1, 0), 2), spatial_rod("rod4", (1, -1, 1), 0, length=-1.0),
              spatial_rod("rod5", (0, -1, 1), 1)]
    joints = [joint3("P1", "revolute", "world", "rod1", (0, 0, 0), y),
              joint3("P2", "revolute", "rod1", "rod2", (1, 0, 0), z),
              joint3("P3", "revolute", "rod2", "rod3", (1, -1, 0), x),
              joint3("P4", "revolute", "rod3", "rod4", (1, -1, 1), y),
              joint3("P5", "revolute", "rod4", "rod5", (0, -1, 1), z),
              joint3("P6", "revolute", "rod5", "world", (0, 0, 1), x)]
    return scene(bodies, joints, 10.0)


# A05 data (the library's "stiff flyball governor"): spindle and arms 1 × 0.01 × 0.01 m bars and
# a 0.1 m cubic sleeve, density 3000 kg/m³; 5 kg point masses at the arms' ends; the links from
# the sleeve to the arms' midpoints are spring–dampers k = 8e5 N/m, c = 4e4 N s/m, rest length
# 0.5 m; the sleeve starts at s = 0.5 m and the arms at α = 30° below the horizontal; the whole
# governor spins at 2π rad/s about the vertical spindle at t = 0, then runs free.
GOVERNOR = dict(density=3000.0, bar=(1.0, 0.01), sleeve=0.1, ball=5.0, k=8e5, c=4e4, rest=0.5,
                s0=0.5, alpha=math.radians(30.0), spin=2 * math.pi, pivot_offset=0.05, height=1.0)


def box_inertia(mass, a, b, c):
    """Principal moments of a box with edges a, b, c along x, y, z."""
    return [mass * (b * b + c * c) / 12.0, mass * (a * a + c * c) / 12.0,
            mass * (a * a + b * b) / 12.0]


def governor_arm(name, side):
    """Arm and ball as one rigid body (the ball is welded to the arm's end): the arm hangs from
    (side·a, 0, H) outwards at α below the horizontal. The inertia about the combined centre of
    mass is rotated into world axes (the body frame is the world frame at t = 0)."""
    p = GOVERNOR
    length, width = p["bar"]
    rod_mass = p["density"] * length * width * width
    mass = rod_mass + p["ball"]
    reach = (rod_mass * 0.5 * length + p["ball"] * length) / mass  # from the pivot
    # Moments about the combined centre, in the arm's axes (along, across, across).
    along = rod_mass * 2 * width * width / 12.0
    across = (rod_mass * (length**2 + width**2) / 12.0 + rod_mass * (0.5 * length - reach)**2
              + p["ball"] * (length - reach)**2)
    direction = (side * math.cos(p["alpha"]), 0.0, -math.sin(p["alpha"]))
    # I = across·1 + (along − across)·d dᵀ for a body symmetric about its axis d.
    tensor = [[across * (i == j) + (along - across) * direction[i] * direction[j]
               for j in range(3)] for i in range(3)]
    pivot = (side * p["pivot_offset"], 0.0, p["height"])
    com = [pivot[i] + reach * direction[i] for i in range(3)]
    return {"name": name, "mass": mass, "center_of_mass": com,
            "inertia": [tensor[0][0], tensor[1][1], tensor[2][2], tensor[0][1], tensor[0][2],
                        tensor[1][2]],
            "position": [0, 0, 0], "orientation": [1, 0, 0, 0],
            "angular_velocity": [0.0, 0.0, p["spin"]]}, pivot, direction


def flyball_governor():
    """A05: spindle on a vertical revolute joint at the origin (z up, gravity −z), sleeve on a
    prismatic joint along it, two arms pinned at the spindle's top; 10 s."""
    p = GOVERNOR
    length, width = p["bar"]
    spindle_mass = p["density"] * length * width * width
    sleeve_mass = p["density"] * p["sleeve"]**3
    spin = [0.0, 0.0, p["spin"]]
    spindle = {"name": "spindle", "mass": spindle_mass, "center_of_mass": [0, 0, 0.5 * length],
               "inertia": box_inertia(spindle_mass, width, width, length) + [0, 0, 0],
               "position": [0, 0, 0], "orientation": [1, 0, 0, 0], "angular_velocity": spin}
    sleeve = {"name": "sleeve", "mass": sleeve_mass, "center_of_mass": [0, 0, p["s0"]],
              "inertia": box_inertia(sleeve_mass, *[p["sleeve"]] * 3) + [0, 0, 0],
              "position": [0, 0, 0], "orientation": [1, 0, 0, 0], "angular_velocity": spin}
    bodies, joints, springs = [spindle, sleeve], [], []
    joints.append(joint3("shaft", "revolute", "world", "spindle", (0, 0, 0), (0, 0, 1)))
    joints.append(joint3("slide", "prismatic", "spindle", "sleeve", (0, 0, p["s0"]), (0, 0, 1)))
    for side, name in ((1, "arm_right"), (-1, "arm_left")):
        body, pivot, direction = governor_arm(name, side)
        bodies.append(body)
        joints.append(joint3(f"pin_{name}", "revolute", "spindle", name, pivot, (0, 1, 0)))
        middle = [pivot[i] + 0.5 * length * direction[i] for i in range(3)]
        springs.append({"name": f"link_{name}", "body_a": "sleeve",
                        "point_a": [side * p["pivot_offset"], 0.0, p["s0"]], "body_b": name,
                        "point_b": middle, "stiffness": p["k"], "damping": p["c"],
                        "rest_length": p["rest"]})
    data = scene(bodies, joints, 10.0)
    data["gravity"] = [0, 0, -9.81]
    data["springs"] = springs
    return data


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "assets/scenes/benchmarks")
    out.mkdir(parents=True, exist_ok=True)
    cases = {"a01_simple_pendulum.json": simple_pendulum(),
             "a02_four_bar_n4.json": n_four_bar(4),
             "a02_four_bar_n40.json": n_four_bar(40),
             "a03_andrews.json": andrews(),
             "a04_bricard.json": bricard(),
             "a05_flyball_governor.json": flyball_governor()}
    for name, data in cases.items():
        (out / name).write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
