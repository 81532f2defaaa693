#!/usr/bin/env python3
"""Writes the IFToMM multibody benchmark scenes (A01 simple pendulum, A02 N-four-bar) into
assets/scenes/benchmarks/. The problem data are those of the IFToMM Technical Committee for
Multibody Dynamics' benchmark library (González, Dopico, Pastorino, Cuadrado 2016, "Behaviour of
augmented Lagrangian and Hamiltonian methods for multibody dynamics in the proximity of
singular configurations", Nonlinear Dyn. 85): planar mechanisms in the x–y plane, gravity −y.

Links are slender rods of 1 kg and 1 m; the solid representation needs a finite inertia about
the rod's own axis, so each rod is a 1 m cylinder of radius 5 mm (m r²/2 = 1.25e-5 kg m²): the
planar motion never excites that axis, so the benchmark's answer does not depend on it.
"""
import json
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


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "assets/scenes/benchmarks")
    out.mkdir(parents=True, exist_ok=True)
    cases = {"a01_simple_pendulum.json": simple_pendulum(),
             "a02_four_bar_n4.json": n_four_bar(4),
             "a02_four_bar_n40.json": n_four_bar(40)}
    for name, data in cases.items():
        (out / name).write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
