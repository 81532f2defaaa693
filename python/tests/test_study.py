"""Studies without a cluster: sampling, quantities, serial runs in any order, error rows, the
command line (serial)."""
import json
import math
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from conftest import ball_study

import contactsim
from contactsim import quantities, sampling
from contactsim.study import Study, run_serial


def test_grid_is_the_product_first_parameter_slowest():
    runs = sampling.runs([{"path": "a", "values": [1, 2]},
                          {"path": "b", "from": 0.0, "to": 1.0, "count": 3}], {})
    assert runs == [[1, 0.0], [1, 0.5], [1, 1.0], [2, 0.0], [2, 0.5], [2, 1.0]]


def test_list_zips_and_needs_equal_lengths():
    assert sampling.runs([{"path": "a", "values": [1, 2]}, {"path": "b", "values": [3, 4]}],
                         {"method": "list"}) == [[1, 3], [2, 4]]
    with pytest.raises(ValueError, match="as many values"):
        sampling.runs([{"path": "a", "values": [1]}, {"path": "b", "values": [3, 4]}],
                      {"method": "list"})


def test_random_and_lhs_repeat_with_their_seed():
    parameters = [{"path": "a", "from": 1.0, "to": 2.0}, {"path": "b", "from": 1e3, "to": 1e6,
                                                         "log": True}]
    for method in ("random", "lhs"):
        one = sampling.runs(parameters, {"method": method, "count": 10, "seed": 7})
        assert one == sampling.runs(parameters, {"method": method, "count": 10, "seed": 7})
        assert one != sampling.runs(parameters, {"method": method, "count": 10, "seed": 8})
        assert all(1.0 <= a <= 2.0 and 1e3 <= b <= 1e6 for a, b in one)
    # Latin hypercube: each of the 10 strata of each range holds exactly one run.
    lhs = sampling.runs(parameters, {"method": "lhs", "count": 10, "seed": 7})
    assert sorted(int((a - 1.0) * 10) for a, _ in lhs) == list(range(10))
    assert sorted(int(np.log10(b / 1e3) / 3 * 10) for _, b in lhs) == list(range(10))


def test_uniform_orientations():
    rotation = [{"name": "q", "path": "bodies[ball].orientation", "rotation": "uniform"}]
    for method in ("random", "lhs"):
        runs = sampling.runs(rotation, {"method": method, "count": 2000, "seed": 5})
        q = np.array([r[0] for r in runs])
        np.testing.assert_allclose(np.linalg.norm(q, axis=1), 1.0, atol=1e-15)
        assert (q[:, 0] >= 0).all()
        # Uniform over rotations: the rotated z axis is uniform on the sphere, so its z
        # component 1 − 2(x² + y²) is uniform in [−1, 1] (mean 0, variance 1/3).
        z = 1 - 2 * (q[:, 1] ** 2 + q[:, 2] ** 2)
        assert abs(z.mean()) < 0.05 and abs(z.var() - 1 / 3) < 0.03
    with pytest.raises(ValueError, match="need sampling 'random' or 'lhs'"):
        sampling.runs(rotation, {"method": "grid"})


def test_a_part_dropped_in_random_orientations():
    spec = ball_study(until=0.1)  # still falling, without spin: the attitude stays as set
    spec["sampling"] = {"method": "random", "count": 3, "seed": 11}
    spec["parameters"] = [{"name": "attitude", "path": "bodies[ball].orientation",
                           "rotation": "uniform"}]
    spec["quantities"].append({"name": "qw_final", "final": "ball.qw"})
    study = Study(spec)
    frame = run_serial(study)
    assert list(frame.columns[1:5]) == ["attitude.qw", "attitude.qx", "attitude.qy",
                                        "attitude.qz"]
    assert (frame["status"] == "ok").all()
    assert frame["qw_final"].nunique() == 3
    np.testing.assert_allclose(frame["qw_final"], frame["attitude.qw"], atol=1e-9)


def test_quantities_reduce_history_columns():
    history = contactsim.History(
        np.array([[0.0, 1.0, 5.0, 0.0], [0.1, 3.0, 4.0, 1.0], [0.2, 2.0, 1.0, 2.0]]),
        ["t", "a.tension", "b.tension", "body.x"])
    history.columns += ["body.y", "body.z"]
    history = contactsim.History(np.hstack([history.array, np.zeros((3, 2))]), history.columns)
    value = lambda **q: quantities.evaluate({"name": "q", **q}, history)  # noqa: E731
    assert value(max="a.tension") == 3.0 and value(min="b.tension") == 1.0
    assert value(final="a.tension") == 2.0 and value(mean="a.tension") == 2.0
    assert value(max=["a.tension", "b.tension"]) == 7.0
    assert value(percentile="a.tension", q=50) == 2.0 and value(percentile="a.tension", q=100) == 3.0
    assert value(at="b.tension", time=0.05) == 4.0
    assert value(time_of="a.tension", above=2.5) == 0.1
    assert value(time_of="b.tension", below=1.0) == 0.2
    assert math.isnan(value(time_of="a.tension", above=10))
    assert value(distance="body", to=[2.0, 0.0, 0.0]) == 0.0
    with pytest.raises(ValueError, match="exactly one"):
        quantities.check({"name": "q", "max": "a", "min": "b"})


def test_serial_runs_in_any_order_are_bit_identical():
    study = Study(ball_study(until=0.25))
    forward = run_serial(study)
    order = list(np.random.default_rng(3).permutation(len(study.runs)))
    shuffled = run_serial(study, order=order)
    columns = [c for c in forward.columns if c != "wall_seconds"]
    pd.testing.assert_frame_equal(forward[columns], shuffled[columns], check_exact=True)
    assert (forward["status"] == "ok").all() and len(forward) == 24
    # Each parameter matters: the study varies what it says it varies.
    assert forward["z_final"].nunique() == 24


def test_a_broken_run_is_an_error_row():
    study = Study(ball_study(until=0.2, restitutions=[0.5, -1.0, 0.8]))
    frame = run_serial(study)
    assert list(frame["status"]) == ["ok", "error", "ok"]
    assert frame.loc[1, "error"].endswith(
        "bouncing_ball.json: contact.law.restitution: expected a number >= 0, got number -1.0")
    assert math.isnan(frame.loc[1, "z_min"]) and not math.isnan(frame.loc[2, "z_min"])
    slow = Study({**ball_study(until=1.5, restitutions=[0.5]), "timeout": 0.01})
    row = run_serial(slow).iloc[0]
    assert row["status"] == "error"
    assert row["error"].startswith("wall-time limit of 0.01 s reached at t = ")
    assert row["error"].endswith(" s of 1.5 s")
    bad_path = Study({**ball_study(until=0.2, restitutions=[0.5]),
                      "parameters": [{"path": "bodies[bal].mass", "values": [1.0]}]})
    row = run_serial(bad_path).iloc[0]
    assert row["status"] == "error" and "no element named 'bal'" in row["error"]


def test_command_line_writes_the_table(tmp_path):
    spec = ball_study(until=0.3, restitutions=[0.5, 0.7])
    (tmp_path / "study.json").write_text(json.dumps(spec))
    result = subprocess.run([sys.executable, "-m", "contactsim.study", tmp_path / "study.json",
                             "--serial", "--out", tmp_path / "out.csv"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "[2/2] run 1: ok" in result.stderr and "2 runs (2 ok, 0 failed)" in result.stderr
    table = pd.read_csv(tmp_path / "out.csv", float_precision="round_trip")
    assert list(table["restitution"]) == [0.5, 0.7] and (table["status"] == "ok").all()
    # Full precision in the file: the same doubles as in memory.
    direct = run_serial(Study(spec))
    np.testing.assert_array_equal(table["z_final"].to_numpy(), direct["z_final"].to_numpy())

    (tmp_path / "bad.json").write_text(json.dumps({**spec, "sampling": {"method": "sobol"}}))
    result = subprocess.run([sys.executable, "-m", "contactsim.study", tmp_path / "bad.json",
                             "--serial", "--out", tmp_path / "x.csv"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == \
        "error: sampling.method: expected one of grid, list, random, lhs, got 'sobol'"


def test_cli_study_command_hands_over_to_the_package(cli, tmp_path):
    spec = ball_study(until=0.2, restitutions=[0.5, 2.0])
    (tmp_path / "study.json").write_text(json.dumps(spec))
    result = subprocess.run([cli, "study", tmp_path / "study.json", "--serial", "--quiet",
                             "--out", tmp_path / "out.csv"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "2 runs (1 ok, 1 failed)" in result.stderr and "[1/2]" not in result.stderr
    table = pd.read_csv(tmp_path / "out.csv", keep_default_na=False)
    assert list(table["status"]) == ["ok", "error"]
    assert table.loc[1, "error"].endswith(
        "contact.law.restitution: expected a number <= 1, got number 2.0")
    result = subprocess.run([cli, "study", tmp_path / "none.json", "--out", tmp_path / "x.csv"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == \
        f"error: {tmp_path / 'none.json'}: cannot open the study file: No such file or directory"
