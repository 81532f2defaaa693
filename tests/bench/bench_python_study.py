#!/usr/bin/python3
"""Throughput of contactsim.study: runs per minute on local dask clusters of 1 and 2 worker
processes, against the same runs made by calling the engine directly in one process.

    PYTHONPATH=build-py/python /usr/bin/python3 tests/bench/bench_python_study.py [REPEATS]

Scene: the bouncing ball (assets/scenes/bouncing_ball.json) with its restitution varied, 48 runs
to 0.3 s (a very short run, where per-run overhead shows) and 24 runs to 1 s; each
configuration timed REPEATS times (default 3), the least time kept. Prints a Markdown table
(docs/python.md). Cluster start-up is timed apart from the runs; "dask overhead/run" is the
workers' time not spent inside the run itself (worker-seconds minus the runs' own wall times).
"""
import os
import pathlib
import sys
import time

from dask.distributed import Client

import contactsim
from contactsim.study import Study, local_cluster, run_on_client, run_serial

SCENE = pathlib.Path(__file__).resolve().parents[2] / "assets" / "scenes" / "bouncing_ball.json"


def study(runs, until):
    return Study({
        "scene": str(SCENE), "until": until, "sampling": {"method": "list"},
        "parameters": [{"name": "e", "path": "contact.law.restitution",
                        "values": [0.3 + 0.6 * i / max(runs - 1, 1) for i in range(runs)]}],
        "quantities": [{"name": "z_min", "min": "ball.z"},
                       {"name": "fn_max", "max": "contacts.fn_max"}],
    })


def direct(s):
    """The engine called directly: one Simulation per run, nothing else."""
    scene = contactsim.load_scene(SCENE)
    start = time.perf_counter()
    for task in s.tasks():
        contactsim.Simulation(scene, params=task["changes"], file=SCENE).run(s.until)
    return time.perf_counter() - start


def best(repeats, function, *args):
    """Least wall time of *repeats* calls and that call's result: on a machine shared with
    builds, the least time is the one least disturbed."""
    timed = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = function(*args)
        timed.append((time.perf_counter() - start, result))
    return min(timed, key=lambda pair: pair[0])


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    cases = [(0.3, 48), (1.0, 24)]  # (run to, runs): a very short run and a short one
    results = []
    for until, runs in cases:
        s = study(runs, until)
        direct(study(2, until))  # warm the mesh cache and the allocator, as a worker is warm
        t_direct, _ = best(repeats, direct, s)
        t_serial, _ = best(repeats, run_serial, s)
        cluster = {}
        for workers in (1, 2):
            start = time.perf_counter()
            with local_cluster(workers) as c, Client(c) as client:
                client.wait_for_workers(workers)
                started = time.perf_counter() - start
                run_on_client(study(2 * workers, until), client)  # each worker's mesh cache
                wall, frame = best(repeats, run_on_client, s, client)
                # Worker time not spent inside run_one: scheduling, transfer, result handling.
                dask = (wall * workers - frame["wall_seconds"].sum()) / runs
                cluster[workers] = (started, wall, dask)
        results.append((until, runs, t_direct, t_serial, cluster))

    print(f"{os.cpu_count()} cores, best of {repeats}, load average after: "
          f"{os.getloadavg()[0]:.2f}\n")
    print("| run to | runs | engine alone: s/run, runs/min | study serial: overhead/run | "
          "1 worker: runs/min, dask overhead/run | 2 workers: runs/min, dask overhead/run | "
          "speed-up 1→2 | cluster start 1 / 2 workers |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for until, runs, t_direct, t_serial, c in results:
        (s1, w1, d1), (s2, w2, d2) = c[1], c[2]
        print(f"| {until} s | {runs} | {t_direct / runs:.3f} s, {runs / t_direct * 60:.0f} | "
              f"{(t_serial - t_direct) / runs * 1e3:.1f} ms | "
              f"{runs / w1 * 60:.0f}, {d1 * 1e3:.1f} ms | {runs / w2 * 60:.0f}, {d2 * 1e3:.1f} ms | "
              f"{w1 / w2:.2f} | {s1:.1f} s / {s2:.1f} s |")


if __name__ == "__main__":
    main()
