#!/usr/bin/python3
"""Throughput of contactsim.study: runs per minute on local dask clusters of 1 and 2 worker
processes, against the same runs made by calling the engine directly in one process.

    PYTHONPATH=build-py/python /usr/bin/python3 tests/bench/bench_python_study.py [RUNS]

Scene: the bouncing ball (assets/scenes/bouncing_ball.json) with its restitution varied, run to
0.3 s (a very short run, where per-run overhead shows) and to 2 s. Prints a Markdown table
(docs/python.md). Cluster start-up is timed apart from the runs.
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


def timed(function, *args):
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 48
    rows = []
    for until in (0.3, 2.0):
        s = study(runs, until)
        direct(study(2, until))  # warm the mesh cache and the allocator, as a worker is warm
        t_direct = direct(s)
        t_serial = timed(run_serial, s)
        cluster_times = {}
        for workers in (1, 2):
            start = time.perf_counter()
            with local_cluster(workers) as cluster, Client(cluster) as client:
                client.wait_for_workers(workers)
                t_start = time.perf_counter() - start
                run_on_client(study(2 * workers, until), client)  # each worker's mesh cache
                cluster_times[workers] = (t_start, timed(run_on_client, s, client))
        per_run = t_direct / runs
        rows.append((until, per_run, runs / t_direct * 60, (t_serial - t_direct) / runs,
                     cluster_times))
    print(f"{runs} runs per case, {os.cpu_count()} cores, load average before: "
          f"{os.getloadavg()[0]:.2f}\n")
    print("| run to | engine alone: s/run | runs/min | study serial: overhead/run | "
          "1 worker: runs/min | overhead/run | 2 workers: runs/min | speed-up 1→2 | "
          "cluster start 1 / 2 workers |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for until, per_run, rpm, serial_overhead, c in rows:
        (s1, t1), (s2, t2) = c[1], c[2]
        print(f"| {until} s | {per_run:.4f} | {rpm:.0f} | {serial_overhead * 1e3:.2f} ms | "
              f"{runs / t1 * 60:.0f} | {(t1 / runs - per_run) * 1e3:.1f} ms | "
              f"{runs / t2 * 60:.0f} | {t1 / t2:.2f} | {s1:.1f} s / {s2:.1f} s |")


if __name__ == "__main__":
    main()
