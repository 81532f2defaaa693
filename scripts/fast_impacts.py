#!/usr/bin/env python3
"""Rebound of the shipped 0.1 m steel ball shot at the plate (README, "Fast impacts").

Builds the scene from assets/scenes/bouncing_ball.json with gravity off and the ball a few steps
above the plate, so that contact starts at a chosen phase of a 1 ms step, runs contactsim-cli and
prints rebound speed / impact speed for each law, speed and stepping. The law's exact 1-DOF values
(hunt-crossley: tests/damped_impact.h; modia3d: its restitution at k_red = 1) are the reference.

usage: scripts/fast_impacts.py [path/to/contactsim-cli]
"""
import csv, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build/app/contactsim-cli")
RADIUS = 0.1  # assets/models/icosphere.stl; the plate's top face is z = 0
LAWS = [("hunt-crossley, ε = 0.5", {"model": "hunt-crossley", "restitution": 0.5}),
        ("modia3d, cor 0.7, k_red = 1", {"model": "modia3d", "restitution": 0.7,
                                          "reduction_factor": 1.0})]
SPEEDS = [2.0, 10.0, 30.0]
PHASES = [0.0, 0.25, 0.5, 0.75]  # where within a 1 ms step the first touch falls
STEPPINGS = [("fixed 1 ms", ["--fixed-step", "--dt", "0.001"]),
             ("fixed 0.1 ms", ["--fixed-step", "--dt", "0.0001"]),
             ("--tolerance 1e-6", ["--tolerance", "1e-6", "--dt", "0.001"])]


def rebound(law, speed, phase, args, work):
    scene = json.load(open(os.path.join(ROOT, "assets/scenes/bouncing_ball.json")))
    scene["gravity"] = [0, 0, 0]
    for body in scene["bodies"]:
        body["mesh"]["file"] = os.path.join(ROOT, "assets/models", os.path.basename(body["mesh"]["file"]))
    ball = scene["bodies"][1]
    gap = speed * (0.002 + phase * 0.001)
    ball["position"] = [0, 0, RADIUS + gap]
    ball["linear_velocity"] = [0, 0, -speed]
    scene["contact"]["law"] = law
    # long enough to touch, rebound and leave at a tenth of the impact speed
    scene["solver"] = {"time_step": 0.001, "end_time": 0.003 + 20 * gap / speed}
    path = os.path.join(work, "scene.json")
    json.dump(scene, open(path, "w"))
    out = os.path.join(work, "states.csv")
    subprocess.run([CLI, "run", path, "--csv", out] + args, check=True, capture_output=True)
    last = list(csv.DictReader(open(out)))[-1]
    return float(last["ball.vz"]) / speed


def main():
    with tempfile.TemporaryDirectory() as work:
        print("| law | speed | " + " | ".join(s for s, _ in STEPPINGS) + " |")
        print("|---|---:|" + "---:|" * len(STEPPINGS))
        for name, law in LAWS:
            for speed in SPEEDS:
                cells = []
                for _, args in STEPPINGS:
                    r = [rebound(law, speed, p, args, work) for p in PHASES]
                    cells.append(f"{min(r):.3f}–{max(r):.3f}" if max(r) - min(r) >= 0.0005
                                 else f"{r[0]:.3f}")
                print(f"| {name} | {speed:g} m/s | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
