#!/usr/bin/python3
"""Runs the flagship anchor scene headless and plots its forces (issue 7).

Usage: scripts/plot_anchor.py [--cli PATH] [--until T] [--geometry-update MODE] [--out-dir DIR]

Runs `contactsim-cli run assets/scenes/anchor_hull.json --csv ... --contacts-csv ...` (every
step is written), then draws against time:
  docs/anchor_forces.png  cable tension, total normal force, total friction force (sums of the
                          magnitudes over all patches of all pairs at each step)
  docs/anchor_motion.png  how far the shackle is up the hawse pipe, the shank's angle to the pipe
                          axis and the crown's angle about its pin
The run summary (--json) is written next to the PNGs as anchor_run.json.
Needs Debian's python3-matplotlib (scripts/install-deps.sh installs it); hence /usr/bin/python3.
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from anchor_scene import ROOT, SCENE, find_cli, rotation  # noqa: E402

# Hawse pipe of assets/models/hull.stl (assets/generator/hull_model.cpp): lower opening centre
# and the unit axis pointing down the pipe; the shank's shackle point in the anchor frame.
PIPE_LOWER = (16.500, 1.321, 3.300)
PIPE_AXIS = (0.52538, 0.10054, -0.84491)
SHACKLE = (0.0, 0.0, 2.549)


def rotate(q, v):
    r = rotation(q)
    return [sum(r[i][k] * v[k] for k in range(3)) for i in range(3)], r


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=None, help="contactsim-cli executable")
    parser.add_argument("--until", type=float, default=None, help="simulated seconds "
                        "(default: the scene's end_time)")
    # once-per-step: every-iteration stops at t ≈ 1.19 s on this scene (a flipping patch normal).
    parser.add_argument("--geometry-update", default="once-per-step",
                        choices=["every-iteration", "once-per-step"])
    parser.add_argument("--out-dir", default=os.path.join(ROOT, "docs"))
    args = parser.parse_args()
    cli = args.cli or find_cli()
    os.makedirs(args.out_dir, exist_ok=True)

    with tempfile.TemporaryDirectory() as tmp:
        state_csv = os.path.join(tmp, "anchor.csv")
        contacts_csv = os.path.join(tmp, "anchor_contacts.csv")
        command = [cli, "run", SCENE, "--csv", state_csv, "--contacts-csv", contacts_csv,
                   "--geometry-update", args.geometry_update, "--json"]
        if args.until is not None:
            command += ["--until", str(args.until)]
        print("running:", " ".join(command), file=sys.stderr)
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            print("the run failed; plotting what it wrote before failing", file=sys.stderr)
        else:
            summary = json.loads(run.stdout)
            with open(os.path.join(args.out_dir, "anchor_run.json"), "w") as out:
                json.dump(summary, out, indent=2)
            print(f"simulated {summary['simulated_seconds']:.3g} s in "
                  f"{summary['wall_seconds']:.3g} s (real-time factor "
                  f"{summary['real_time_factor']:.3g})", file=sys.stderr)

        t, tension, axial, tilt, crown = [], [], [], [], []
        with open(state_csv) as f:
            for row in csv.DictReader(f):
                t.append(float(row["t"]))
                tension.append(float(row["chain.tension"]) / 1e3)
                qs = [float(row["shank." + k]) for k in ("qw", "qx", "qy", "qz")]
                qc = [float(row["crown." + k]) for k in ("qw", "qx", "qy", "qz")]
                p = [float(row["shank." + k]) for k in "xyz"]
                s, rs = rotate(qs, SHACKLE)
                _, rc = rotate(qc, (0, 0, 0))
                eye = [p[i] + s[i] for i in range(3)]
                # Up the pipe from its lower opening (m), positive inside the bore.
                axial.append(-sum((eye[i] - PIPE_LOWER[i]) * PIPE_AXIS[i] for i in range(3)))
                shank_z = [rs[i][2] for i in range(3)]
                cos_tilt = -sum(shank_z[i] * PIPE_AXIS[i] for i in range(3))
                tilt.append(math.degrees(math.acos(max(-1.0, min(1.0, cos_tilt)))))
                # Crown about the pin (the shared x axis): angle of its y axis in the shank's yz.
                cy = [rc[i][1] for i in range(3)]
                sy = [rs[i][1] for i in range(3)]
                sz = shank_z
                crown.append(math.degrees(math.atan2(sum(cy[i] * sz[i] for i in range(3)),
                                                     sum(cy[i] * sy[i] for i in range(3)))))

        normal, friction = defaultdict(float), defaultdict(float)
        with open(contacts_csv) as f:
            for row in csv.DictReader(f):
                time = float(row["t"])
                normal[time] += float(row["fn"]) / 1e3
                friction[time] += math.hypot(float(row["ftx"]), float(row["fty"]),
                                             float(row["ftz"])) / 1e3
        fn = [normal.get(x, 0.0) for x in t]
        ft = [friction.get(x, 0.0) for x in t]

    weight = 6414 * 9.81 / 1e3
    fig, axes = plt.subplots(3, 1, figsize=(10, 8.5), sharex=True)
    axes[0].plot(t, tension, lw=0.8, color="tab:blue")
    axes[0].axhline(weight, color="grey", lw=0.8, ls="--", label=f"anchor weight {weight:.1f} kN")
    axes[0].set_ylabel("cable tension [kN]")
    axes[0].legend(loc="upper left")
    axes[1].plot(t, fn, lw=0.8, color="tab:green")
    axes[1].set_ylabel("total normal force [kN]")
    axes[2].plot(t, ft, lw=0.8, color="tab:red")
    axes[2].set_ylabel("total friction force [kN]")
    axes[2].set_xlabel("t [s]")
    for ax in axes:
        ax.grid(True, alpha=0.3)
        ax.set_yscale("symlog", linthresh=weight)
    fig.suptitle("anchor_hull.json: heaving the anchor into its pocket "
                 f"({args.geometry_update}; every step; log scale above the weight)")
    fig.tight_layout()
    forces_png = os.path.join(args.out_dir, "anchor_forces.png")
    fig.savefig(forces_png, dpi=110)

    fig, axes = plt.subplots(3, 1, figsize=(10, 7), sharex=True)
    axes[0].plot(t, axial, color="tab:blue")
    axes[0].set_ylabel("shackle up the pipe [m]")
    axes[1].plot(t, tilt, color="tab:purple")
    axes[1].set_ylabel("shank to pipe axis [°]")
    axes[2].plot(t, crown, color="tab:orange")
    axes[2].axhline(38, color="grey", lw=0.8, ls="--")
    axes[2].axhline(-38, color="grey", lw=0.8, ls="--")
    axes[2].set_ylabel("crown about pin [°]")
    axes[2].set_xlabel("t [s]")
    for ax in axes:
        ax.grid(True, alpha=0.3)
    fig.suptitle("anchor_hull.json: motion (crown stops at ±38°)")
    fig.tight_layout()
    motion_png = os.path.join(args.out_dir, "anchor_motion.png")
    fig.savefig(motion_png, dpi=110)
    print(forces_png)
    print(motion_png)
    return 0 if run.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
