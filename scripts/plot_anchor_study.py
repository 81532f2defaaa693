#!/usr/bin/python3
"""Plots the outcome of the anchor seating study (assets/studies/anchor_seating.json).

Usage: scripts/plot_anchor_study.py RESULTS.csv [--out docs/anchor_study.png]

RESULTS.csv is what `contactsim-cli study assets/studies/anchor_seating.json --out RESULTS.csv`
writes. Three panels against the hauling speed, one line per friction coefficient: when the
windlass hauled the chain home (runs that stalled first are marked at the top), and the 99th
percentiles of the chain tension and of the hull's contact force, in anchor weights.
Needs Debian's python3-matplotlib and python3-pandas; hence /usr/bin/python3.
"""
import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

# The anchor's mass (shank and crown, 6414 kg as tests/sim/test_anchor_scene.cpp takes it), to
# read forces in anchor weights as that test does.
ANCHOR_WEIGHT = 6414.0 * 9.81


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--out", default="docs/anchor_study.png")
    args = parser.parse_args()
    table = pd.read_csv(args.results, float_precision="round_trip")
    ok = table[table["status"] == "ok"]
    until = ok["simulated_seconds"].max()

    figure, axes = plt.subplots(1, 3, figsize=(13, 4), constrained_layout=True)
    speeds = sorted(ok["haul_speed"].unique())
    spread = 0.08 * (speeds[-1] - speeds[0]) / max(len(speeds) - 1, 1)
    for k, (friction, runs) in enumerate(ok.groupby("friction")):
        runs = runs.sort_values("haul_speed")
        label = f"μs = {friction:g} (μd = {0.72 * friction:.3g})"
        home = runs[runs["hauled_in_at"].notna()]
        line, = axes[0].plot(home["haul_speed"], home["hauled_in_at"], "o-", label=label)
        stalled = runs[runs["hauled_in_at"].isna()]
        # A run whose windlass stalled never hauls home: marked at the run's end, shifted a little
        # per friction so that two such runs at one speed stay visible.
        axes[0].plot(stalled["haul_speed"] + (k - 1) * spread, [until] * len(stalled), "x",
                     ms=10, mew=2, color=line.get_color())
        axes[1].plot(runs["haul_speed"], runs["p99_chain_tension"] / ANCHOR_WEIGHT, "o-",
                     label=label)
        axes[2].plot(runs["haul_speed"], runs["p99_hull_force"] / ANCHOR_WEIGHT, "o-",
                     label=label)
    axes[0].axhline(until, color="grey", lw=0.8, ls=":")
    axes[0].set_title("chain hauled home at (×: stalled, not home by %g s)" % until,
                      fontsize=10)
    axes[0].set_ylabel("time (s)")
    axes[1].set_title("chain tension, 99th percentile", fontsize=10)
    axes[1].set_ylabel("anchor weights")
    axes[2].set_title("hull contact force, 99th percentile", fontsize=10)
    axes[2].set_ylabel("anchor weights")
    # Spans four decades: a few runs chatter against the plating (README, the flagship demo).
    axes[2].set_yscale("log")
    for axis in axes:
        axis.set_xlabel("windlass hauling speed (m/s)")
        axis.grid(alpha=0.3)
    axes[1].legend(fontsize=8, loc="upper left")
    failed = len(table) - len(ok)
    figure.suptitle(f"Anchor seating study: {len(ok)} runs"
                    + (f", {failed} failed" if failed else "")
                    + " (assets/studies/anchor_seating.json)", fontsize=11)
    figure.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
