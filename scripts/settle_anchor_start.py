#!/usr/bin/env python3
"""Puts the flagship's anchor at rest where its run begins (assets/scenes/anchor_hull.json).

The scene is run with the windlass braked from the start (its stop length set to the chain's rest
length) until the anchor has come to rest on its chain and the plating; the anchor's state at the
end becomes the scene's start: both bodies' poses, the pin's point and axis, and the chain's
attachment point, all given in world coordinates at t = 0. The chain's rest length stays: braked,
the windlass held it through the settling, so the chain's stretch at the end carries the anchor.

Run again on a settled scene it moves nothing a run would show (the state is an equilibrium).

  scripts/settle_anchor_start.py [--cli build/app/contactsim-cli] [--seconds 20]
"""
import argparse
import csv
import json
import math
import os
import pathlib
import re
import subprocess
import sys
import tempfile

from anchor_scene import ROOT, SCENE as SCENE_FILE, find_cli, rotation

SCENE = pathlib.Path(SCENE_FILE)
BODIES = ("shank", "crown")


def apply(m, v):
    return [sum(m[i][k] * v[k] for k in range(3)) for i in range(3)]


def transposed(m):
    return [[m[k][i] for k in range(3)] for i in range(3)]


def product(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def unit(q):
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def settled_state(scene, cli, seconds):
    """The shank's and the crown's position and orientation after `seconds` with the brake set."""
    braked = json.loads(json.dumps(scene))
    chain = braked["cables"][0]
    chain["windlass"]["stop_length"] = chain["rest_length"]
    braked["solver"]["end_time"] = seconds
    for body in braked["bodies"]:
        if "mesh" in body:
            body["mesh"]["file"] = str((SCENE.parent / body["mesh"]["file"]).resolve())
    with tempfile.TemporaryDirectory() as work:
        scene_file, states = os.path.join(work, "braked.json"), os.path.join(work, "states.csv")
        with open(scene_file, "w") as f:
            json.dump(braked, f)
        subprocess.run([cli, "run", scene_file, "--csv", states], check=True,
                       stdout=subprocess.DEVNULL)
        with open(states) as f:
            rows = list(csv.DictReader(f))
    last = rows[-1]
    speed = max(math.sqrt(sum(float(last[f"{b}.{c}"]) ** 2 for c in ("vx", "vy", "vz")))
                for b in BODIES)
    if speed > 1e-6:
        sys.exit(f"settle_anchor_start: the anchor still moves at {speed:.2e} m/s after "
                 f"{seconds} s; give it longer (--seconds)")
    return {b: ([float(last[f"{b}.{c}"]) for c in ("x", "y", "z")],
                unit([float(last[f"{b}.{c}"]) for c in ("qw", "qx", "qy", "qz")])) for b in BODIES}


def number_list(values):
    return "[" + ", ".join(f"{v:.10g}" for v in values) + "]"


def replace_field(text, anchor, field, value):
    """Replaces the JSON array `field` in the object that follows `anchor` in `text`."""
    start = text.find(anchor)
    match = re.compile(r'("%s":\s*)\[[^\]]*\]' % field).search(text, max(start, 0))
    if start < 0 or not match:
        sys.exit(f"settle_anchor_start: {SCENE}: no {field} after {anchor}")
    return text[:match.start()] + match.group(1) + value + text[match.end():]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=None, help="contactsim-cli executable")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()

    text = SCENE.read_text()
    scene = json.loads(text)
    bodies = {b["name"]: b for b in scene["bodies"]}
    old_position = bodies["shank"]["position"]
    old_rotation = rotation(unit(bodies["shank"]["orientation"]))
    state = settled_state(scene, args.cli or find_cli(), args.seconds)
    position, orientation = state["shank"]
    # A point or direction fixed in the shank, from its old pose at t = 0 to its settled one.
    turn = product(rotation(orientation), transposed(old_rotation))

    def moved_point(p):
        offset = apply(turn, [p[i] - old_position[i] for i in range(3)])
        return [position[i] + offset[i] for i in range(3)]

    for name in BODIES:
        text = replace_field(text, f'"name": "{name}"', "position", number_list(state[name][0]))
        text = replace_field(text, f'"name": "{name}"', "orientation", number_list(state[name][1]))
    joint = scene["joints"][0]
    text = replace_field(text, '"name": "pin"', "point", number_list(moved_point(joint["point"])))
    text = replace_field(text, '"name": "pin"', "axis", number_list(apply(turn, joint["axis"])))
    chain = scene["cables"][0]
    text = replace_field(text, '"name": "chain"', "point_b",
                         number_list(moved_point(chain["point_b"])))
    SCENE.write_text(text)
    print(f"{SCENE.relative_to(pathlib.Path(ROOT))}: the anchor's start moved by "
          f"{math.dist(old_position, position) * 1e3:.3f} mm at its pin")


if __name__ == "__main__":
    main()
