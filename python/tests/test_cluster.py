"""Studies on a local dask cluster of 2 worker processes: the same rows as serial runs, bit for
bit; a broken run is an error row; a worker killed mid-study loses nothing."""
import os
import signal

import pandas as pd
import pytest
from conftest import ball_study
from dask.distributed import Client

from contactsim.study import Study, local_cluster, run_on_client, run_serial

# 24 runs; run 7's restitution is out of range (the law refuses e > 1): the broken run.
RESTITUTIONS = [0.3 + 0.025 * i for i in range(24)]
RESTITUTIONS[7] = 1.5
HEIGHTS = [0.2, 0.25, 0.3, 0.35] * 6


def study_of(until):
    spec = ball_study(until=until, restitutions=RESTITUTIONS)
    spec["parameters"].append({"name": "height", "path": "bodies[ball].position[2]",
                               "values": HEIGHTS})
    return Study(spec)


def without_timing(frame):
    return frame.drop(columns=["wall_seconds"])


@pytest.fixture(scope="module")
def client():
    with local_cluster(workers=2) as cluster, Client(cluster) as c:
        c.wait_for_workers(2)
        yield c


def test_24_runs_on_2_workers_equal_serial_row_for_row(client):
    study = study_of(until=0.4)
    serial = run_serial(study)
    seen = []
    distributed = run_on_client(study, client, progress=seen.append)
    assert len(seen) == 24  # progress reported once per finished run
    pd.testing.assert_frame_equal(without_timing(distributed), without_timing(serial),
                                  check_exact=True)
    assert (distributed["status"] == "ok").sum() == 23
    broken = distributed.iloc[7]
    assert broken["status"] == "error"
    assert "contact.law.restitution: expected a number <= 1" in broken["error"]
    # The runs really were spread over both workers (each process keeps its own mesh cache).
    assert len(client.scheduler_info()["workers"]) == 2


def test_a_killed_worker_loses_nothing(client):
    study = study_of(until=1.0)
    serial = run_serial(study)
    pids = client.run(os.getpid)
    killed = {}

    def kill_a_busy_worker(row):
        if killed:
            return
        for address, keys in client.processing().items():
            if keys:
                killed[address] = list(keys)
                os.kill(pids[address], signal.SIGKILL)
                return

    distributed = run_on_client(study, client, progress=kill_a_busy_worker)
    assert killed, "no worker was busy to be killed"
    # The runs the dead worker held were run again elsewhere: every row is there and correct.
    pd.testing.assert_frame_equal(without_timing(distributed), without_timing(serial),
                                  check_exact=True)
    assert (distributed["status"] == "ok").sum() == 23
    # The nanny restarted the killed process.
    client.wait_for_workers(2, timeout=60)
    assert set(client.run(os.getpid).values()) != set(pids.values())
