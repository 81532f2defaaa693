"""Parameter studies: one base scene, parameters changed by JSON path, quantities collected per
run, the runs spread over dask.distributed workers (a local cluster, or an existing scheduler
on several machines), the results one pandas DataFrame.

A study file (JSON; docs/python.md has the full description)::

    {
      "scene": "../scenes/anchor_hull.json",        # relative to the study file
      "until": 9.5,                                  # default: the scene's end time
      "set": {"solver.time_step": 0.001},            # fixed changes, optional
      "sampling": {"method": "grid"},                # grid | list | random | lhs (+ count, seed)
      "timeout": 600,                                # wall seconds per run, optional
      "parameters": [
        {"name": "friction", "path": "contact.law.friction.static", "values": [0.15, 0.25],
         "also": [{"path": "contact.law.friction.dynamic", "factor": 0.72}]},
        {"name": "speed", "path": "cables[chain].windlass.speed", "from": 0.2, "to": 0.4,
         "count": 3}
      ],
      "quantities": [{"name": "max_tension", "max": "chain.tension"}]
    }

Each run is a row: ``run``, the parameters, ``status`` ("ok" or "error"), ``error`` (the
engine's one-line message), the quantities, ``simulated_seconds``, ``steps``,
``wall_seconds``. A run that fails is a row with its error; a worker that dies has its runs
retried on others by dask. Results do not depend on where or in which order runs are made.

Command line: ``python3 -m contactsim.study STUDY.json --out results.csv [--scheduler ADDRESS]
[--workers N] [--serial]`` (also ``contactsim-cli study``).
"""

import argparse
import copy
import json
import math
import os
import sys
import time
import uuid

from . import Simulation, load_scene, paths, quantities, sampling

# Columns every row has, around the parameters and quantities.
STATUS_COLUMNS = ("status", "error")
RUN_COLUMNS = ("simulated_seconds", "steps", "wall_seconds")


class Study:
    """A study read from its JSON description. *base_dir* resolves a relative scene path."""

    def __init__(self, spec, base_dir="."):
        if not isinstance(spec, dict):
            raise ValueError("study: expected a JSON object")
        base_dir = os.path.abspath(os.fspath(base_dir))
        scene = spec.get("scene")
        if isinstance(scene, str):
            # Absolute, so that workers started elsewhere find the same file (and its meshes).
            self.scene_file = os.path.normpath(os.path.join(base_dir, scene))
            self.scene = load_scene(self.scene_file)
        elif isinstance(scene, dict):
            # Meshes of an inline scene are relative to the study file.
            self.scene_file = os.path.join(base_dir, "<study scene>")
            self.scene = copy.deepcopy(scene)
        else:
            raise ValueError("study.scene: expected a scene file's path or a scene object")
        for path, value in spec.get("set", {}).items():
            paths.set(self.scene, path, value)
        self.until = spec.get("until")
        if self.until is None:
            self.until = self.scene.get("solver", {}).get("end_time", 5.0)
        self.until = float(self.until)
        self.parameters = list(spec.get("parameters", []))
        names = set()
        for i, p in enumerate(self.parameters):
            if not isinstance(p, dict) or not isinstance(p.get("path"), str):
                raise ValueError(f"study.parameters[{i}]: expected an object with a \"path\"")
            paths.parse(p["path"])
            p.setdefault("name", p["path"])
            for linked in p.get("also", []):
                paths.parse(linked["path"])
            if sampling.is_rotation(p) and p.get("also"):
                raise ValueError(f"study.parameters[{i}]: an orientation cannot have \"also\"")
            if p["name"] in names:
                raise ValueError(f"study.parameters[{i}]: name '{p['name']}' used twice")
            names.add(p["name"])
        self.quantities = list(spec.get("quantities", []))
        for q in self.quantities:
            quantities.check(q)
            if q["name"] in names or q["name"] in STATUS_COLUMNS + RUN_COLUMNS + ("run",):
                raise ValueError(f"quantity '{q['name']}': the name is taken")
            names.add(q["name"])
        self.sampling = dict(spec.get("sampling", {"method": "grid"}))
        self.threads = int(spec.get("threads", 1))
        self.sample_every = int(spec.get("sample_every", 1))
        # Wall seconds one run may take before it becomes an error row (none by default).
        self.timeout = spec.get("timeout")
        if self.timeout is not None and not (isinstance(self.timeout, (int, float))
                                             and self.timeout > 0):
            raise ValueError("study.timeout: expected a number of seconds > 0")
        self.runs = sampling.runs(self.parameters, self.sampling)

    @classmethod
    def from_file(cls, path):
        try:
            with open(path, encoding="utf-8") as f:
                spec = json.load(f)
        except OSError as e:
            raise ValueError(f"{path}: cannot open the study file: {e.strerror}") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"{path}: not JSON: {e}") from None
        return cls(spec, os.path.dirname(os.path.abspath(path)))

    def params_of(self, values):
        """{JSON path: value} for one run's parameter values (linked paths included)."""
        changes = {}
        for p, value in zip(self.parameters, values):
            changes[p["path"]] = value
            for linked in p.get("also", []):
                changes[linked["path"]] = value * linked.get("factor", 1.0)
        return changes

    def parameter_columns(self):
        """The table's parameter columns: a parameter's name, or NAME.qw … NAME.qz for an
        orientation (four numbers rather than a list in one cell, so the CSV stays numeric)."""
        columns = []
        for p in self.parameters:
            if sampling.is_rotation(p):
                columns += [f"{p['name']}.{c}" for c in ("qw", "qx", "qy", "qz")]
            else:
                columns.append(p["name"])
        return columns

    def cells(self, values):
        """One run's parameter columns and values."""
        flat = []
        for p, value in zip(self.parameters, values):
            flat += list(value) if sampling.is_rotation(p) else [value]
        return dict(zip(self.parameter_columns(), flat))

    def tasks(self):
        """One self-contained description per run: what a worker needs, nothing more."""
        return [{
            "run": i,
            "cells": self.cells(values),
            "changes": self.params_of(values),
            "scene": self.scene,
            "scene_file": self.scene_file,
            "until": self.until,
            "quantities": self.quantities,
            "threads": self.threads,
            "sample_every": self.sample_every,
            "timeout": self.timeout,
        } for i, values in enumerate(self.runs)]

    def columns(self):
        return (["run"] + self.parameter_columns() + list(STATUS_COLUMNS) +
                [q["name"] for q in self.quantities] + list(RUN_COLUMNS))


def _message(error):
    """The one line a user sees: the engine's message as the CLI prints it, otherwise the
    exception's type and text."""
    from . import Error
    if isinstance(error, Error):
        return str(error)
    text = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
    return f"{type(error).__name__}: {text}"


def error_row(task, message):
    row = {"run": task["run"], **task["cells"], "status": "error", "error": message}
    for q in task["quantities"]:
        row[q["name"]] = math.nan
    row.update(simulated_seconds=math.nan, steps=0, wall_seconds=math.nan)
    return row


def run_one(task):
    """Runs one task (on a worker or here) and returns its row; never raises for a bad run."""
    start = time.perf_counter()
    try:
        scene = copy.deepcopy(task["scene"])
        for path, value in task["changes"].items():
            paths.set(scene, path, value)
        sim = Simulation(scene, file=task["scene_file"], threads=task["threads"])
        history = sim.run(task["until"], sample_every=task["sample_every"],
                          max_wall_seconds=task.get("timeout"))
        row = {"run": task["run"], **task["cells"], "status": "ok", "error": ""}
        for q in task["quantities"]:
            row[q["name"]] = quantities.evaluate(q, history)
        row.update(simulated_seconds=sim.time, steps=sim.steps,
                   wall_seconds=time.perf_counter() - start)
        return row
    except Exception as e:  # noqa: BLE001 - a failed run is a row, never a lost study
        row = error_row(task, _message(e))
        row["wall_seconds"] = time.perf_counter() - start
        return row


def to_frame(study, rows):
    import pandas as pd
    frame = pd.DataFrame(sorted(rows, key=lambda r: r["run"]), columns=study.columns())
    return frame.reset_index(drop=True)


class Progress:
    """One line per finished run on stderr: count, run, status, its wall time, elapsed."""

    def __init__(self, total, stream=sys.stderr):
        self.total, self.done, self.failed = total, 0, 0
        self.stream = stream
        self.start = time.perf_counter()

    def __call__(self, row):
        self.done += 1
        self.failed += row["status"] != "ok"
        status = "ok" if row["status"] == "ok" else f"error: {row['error']}"
        width = len(str(self.total))
        print(f"[{self.done:>{width}}/{self.total}] run {row['run']}: {status} "
              f"({row['wall_seconds']:.2f} s; {time.perf_counter() - self.start:.1f} s elapsed)",
              file=self.stream, flush=True)


def run_serial(study, order=None, progress=None):
    """Every run in this process, in *order* (run indices; default 0, 1, ...)."""
    tasks = study.tasks()
    order = range(len(tasks)) if order is None else order
    rows = []
    for i in order:
        rows.append(run_one(tasks[i]))
        if progress:
            progress(rows[-1])
    return to_frame(study, rows)


def _export_package_path():
    """Local workers are new processes: they import contactsim from PYTHONPATH, so the folder
    this package was imported from goes there (a user may have put it on sys.path by hand)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    current = os.environ.get("PYTHONPATH", "")
    if here not in current.split(os.pathsep):
        os.environ["PYTHONPATH"] = here + (os.pathsep + current if current else "")


def local_cluster(workers=None):
    """A LocalCluster of *workers* single-threaded worker processes (default: one per core).
    Processes rather than threads: a run that crashes takes one worker down, not the study."""
    import logging

    from dask.distributed import LocalCluster
    _export_package_path()
    return LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                        processes=True, dashboard_address=None, silence_logs=logging.ERROR)


def run_on_client(study, client, progress=None):
    """Every run as a dask task on *client*'s cluster; rows gathered as they complete."""
    from dask.distributed import as_completed
    tasks = study.tasks()
    token = uuid.uuid4().hex[:8]  # keys unique on a scheduler shared by several studies
    futures = {client.submit(run_one, task, key=f"contactsim-run-{token}-{task['run']}",
                             pure=False): task for task in tasks}
    rows = []
    for future in as_completed(futures):
        task = futures[future]
        try:
            row = future.result()
        except Exception as e:  # noqa: BLE001 - e.g. KilledWorker: the run killed every worker
            row = error_row(task, _message(e))
        future.release()
        rows.append(row)
        if progress:
            progress(row)
    return to_frame(study, rows)


def run_study(study, *, scheduler=None, workers=None, client=None, progress=None):
    """Runs *study* (a Study, or a study file's path) and returns the DataFrame. On *client* if
    given, else on the scheduler at *scheduler* (``tcp://host:8786``), else on a local cluster
    of *workers* processes. *progress*: called with each row as its run completes."""
    if not isinstance(study, Study):
        study = Study.from_file(study)
    if client is not None:
        return run_on_client(study, client, progress)
    from dask.distributed import Client
    if scheduler:
        with Client(scheduler) as remote:
            return run_on_client(study, remote, progress)
    with local_cluster(workers) as cluster, Client(cluster) as local:
        return run_on_client(study, local, progress)


def save(frame, path):
    """CSV (full double precision); Parquet when pandas has an engine (not in Debian 12)."""
    if str(path).endswith(".parquet"):
        frame.to_parquet(path, index=False)
    else:
        frame.to_csv(path, index=False)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="contactsim-cli study",
        description="Run a parameter study on dask.distributed and write one row per run.")
    parser.add_argument("study", help="study file (JSON)")
    parser.add_argument("--out", required=True, help="results file (.csv, or .parquet)")
    parser.add_argument("--scheduler", help="address of a running dask scheduler "
                        "(default: a local cluster)")
    parser.add_argument("--workers", type=int, help="local worker processes (default: cores)")
    parser.add_argument("--serial", action="store_true", help="run here, one run at a time")
    parser.add_argument("--quiet", action="store_true", help="no line per finished run")
    args = parser.parse_args(argv)
    try:
        study = Study.from_file(args.study)
        if args.workers is not None and args.workers < 1:
            raise ValueError("--workers: expected a count >= 1")
        progress = None if args.quiet else Progress(len(study.runs))
        start = time.perf_counter()
        if args.serial:
            frame = run_serial(study, progress=progress)
        else:
            frame = run_study(study, scheduler=args.scheduler, workers=args.workers,
                              progress=progress)
        save(frame, args.out)
    except (OSError, ValueError, KeyError, ImportError) as e:
        print(f"error: {_message(e) if isinstance(e, KeyError) else e}", file=sys.stderr)
        return 2
    failed = int((frame["status"] != "ok").sum())
    print(f"{len(frame)} runs ({len(frame) - failed} ok, {failed} failed) in "
          f"{time.perf_counter() - start:.1f} s; results in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
