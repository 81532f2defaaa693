"""The module: scenes from files and dicts, parameters by JSON path, runs, arrays, recordings,
errors worded as the CLI words them, the GIL released while the engine runs."""
import json
import subprocess
import threading

import numpy as np
import pytest

import contactsim


def cli_error(cli, *args):
    """The one line `contactsim-cli` prints for a failing command, without "error: "."""
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    assert result.returncode == 2
    line = result.stderr.strip().splitlines()[-1]
    assert line.startswith("error: ")
    return line[len("error: "):]


def test_run_reads_states_cables_and_contacts(ball_scene):
    sim = contactsim.Simulation(ball_scene)
    assert sim.body_names == ["plate", "ball"]
    history = sim.run(0.3)
    assert sim.steps == 1500 and abs(sim.time - 0.3) < 1e-9
    assert history.array.shape == (1501, len(sim.columns))
    assert history.columns[:4] == ["t", "plate.x", "plate.y", "plate.z"]
    # It fell, hit the plate and left it again: a contact force in the history.
    assert history["ball.z"][0] == 0.4 and history["contacts.fn_max"].max() > 1000
    states = sim.body_states()
    assert states.shape == (2, 13)
    np.testing.assert_array_equal(states[1], sim.row()[14:27])
    assert sim.cable_states().shape == (0, 2)


def test_contact_patches_as_arrays(ball_scene):
    sim = contactsim.Simulation(ball_scene)
    history = sim.run(0.3)
    first = history.t[np.argmax(history["contacts.count"] > 0)]
    sim = contactsim.Simulation(ball_scene)
    sim.run(first + 2e-3)
    contacts = sim.contacts()
    n = len(contacts["fn"])
    assert n >= 1
    assert contacts["normal"].shape == (n, 3) and contacts["ft"].shape == (n, 3)
    assert (contacts["body_a"] == 0).all() and (contacts["body_b"] == 1).all()
    np.testing.assert_allclose(np.linalg.norm(contacts["normal"], axis=1), 1.0)
    assert (contacts["fn"] > 0).all() and (contacts["delta"] > 0).all()
    # A ball dropped without spin meets no torque against spin (no lever above a micrometre);
    # patches have no volumetric fields.
    assert contacts["spin_torque"].shape == (n,)
    assert (np.abs(contacts["spin_torque"]) <= 1e-6 * contacts["fn"]).all()
    assert (contacts["volume"] == 0).all() and (contacts["piece_a"] == -1).all()
    # 2 ms after a falling ball first touched, its contact began where the pair had none (a make
    # event), and continues nothing.
    assert contacts["continues"].shape == (n,) and (contacts["continues"] == -1).all()


def test_csv_and_recording_match_the_cli(ball_scene, cli, tmp_path):
    subprocess.run([cli, "run", str(ball_scene), "--until", "0.25", "--output-every", "0.01",
                    "--csv", tmp_path / "cli.csv", "--contacts-csv", tmp_path / "cli_c.csv"],
                   check=True, capture_output=True)
    sim = contactsim.Simulation(ball_scene)
    sim.run(0.25, csv=tmp_path / "py.csv", contacts_csv=tmp_path / "py_c.csv",
            record=tmp_path / "py.db", output_every=0.01)
    assert (tmp_path / "py.csv").read_bytes() == (tmp_path / "cli.csv").read_bytes()
    assert (tmp_path / "py_c.csv").read_bytes() == (tmp_path / "cli_c.csv").read_bytes()

    recording = contactsim.Recording(tmp_path / "py.db")
    assert len(recording) == 26 and recording.body_names == ["plate", "ball"]
    states = recording.states()
    assert states.columns == contactsim.Simulation(ball_scene).columns[:27]
    np.testing.assert_array_equal(states["ball.z"][-1], sim.body_state("ball")[2])
    assert recording.summary()["max_normal_force"]["value"] > 1000
    vertices, triangles = recording.mesh("ball")
    assert vertices.shape[1] == 3 and triangles.shape[1] == 3 and len(triangles) > 100
    assert json.loads(recording.scene_json)["bodies"][1]["name"] == "ball"


def test_runs_in_pieces_equal_one_run(ball_scene):
    whole = contactsim.Simulation(ball_scene).run(0.3).array[-1]
    sim = contactsim.Simulation(ball_scene)
    sim.run(0.1)
    sim.run(0.2)
    np.testing.assert_array_equal(sim.run(0.3).array[-1], whole)


def test_parameters_by_json_path_and_dicts(ball_scene):
    scene = contactsim.load_scene(ball_scene)
    assert contactsim.paths.get(scene, "bodies[ball].position[2]") == 0.4
    low = contactsim.Simulation(ball_scene, params={"bodies[ball].position[2]": 0.2})
    assert low.body_state("ball")[2] == 0.2
    # A dict with its file named gives exactly the run of the file itself.
    from_dict = contactsim.Simulation(scene, file=ball_scene).run(0.2).array
    from_file = contactsim.Simulation(ball_scene).run(0.2).array
    np.testing.assert_array_equal(from_dict, from_file)
    with pytest.raises(KeyError, match="contact has no 'lw'"):
        contactsim.paths.set(scene, "contact.lw.restitutoin", 1)
    with pytest.raises(KeyError, match="no element named 'bal'"):
        contactsim.paths.get(scene, "bodies[bal].mass")


def test_threads_give_bit_identical_results(ball_scene):
    one = contactsim.Simulation(ball_scene, threads=1).run(0.25).array
    two = contactsim.Simulation(ball_scene, threads=2).run(0.25).array
    np.testing.assert_array_equal(one, two)


def test_errors_are_the_cli_lines(ball_scene, cli, tmp_path):
    with pytest.raises(contactsim.SceneError) as missing:
        contactsim.Simulation(tmp_path / "none.json")
    assert str(missing.value) == cli_error(cli, "run", str(tmp_path / "none.json"))

    scene = contactsim.load_scene(ball_scene)
    scene["contact"]["law"]["restitution"] = -1
    for body in scene["bodies"]:
        body["mesh"]["file"] = str((ball_scene.parent / body["mesh"]["file"]).resolve())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(scene))
    with pytest.raises(contactsim.SceneError) as invalid:
        contactsim.Simulation(bad)
    assert str(invalid.value) == cli_error(cli, "run", str(bad))
    assert "contact.law.restitution: expected a number >= 0" in str(invalid.value)

    # A run that cannot continue: one 10 ms step carries the ball through the plate.
    scene["contact"]["law"]["restitution"] = 0.7
    scene["solver"].update(time_step=0.01, max_step_halvings=0)
    scene["bodies"][1]["linear_velocity"] = [0, 0, -20]
    through = tmp_path / "through.json"
    through.write_text(json.dumps(scene))
    sim = contactsim.Simulation(through)
    with pytest.raises(contactsim.SimulationError) as failed:
        sim.run(0.5, csv=tmp_path / "through.csv")
    assert str(failed.value) == cli_error(cli, "run", str(through), "--until", "0.5")
    assert "passed into or through the other" in str(failed.value)
    # The first step lands short of the plate; the second fails: the state stays at the first,
    # and the CSV holds the rows up to it, as the CLI's does.
    assert sim.steps == 1 and abs(sim.time - 0.01) < 1e-12
    assert len((tmp_path / "through.csv").read_text().splitlines()) == 3

    garbage = tmp_path / "garbage.db"
    garbage.write_text("not a database")
    with pytest.raises(contactsim.RecordingError) as recording:
        contactsim.Recording(garbage)
    assert str(recording.value) == cli_error(cli, "record-info", str(garbage))
    assert isinstance(recording.value, contactsim.Error)
    assert isinstance(recording.value, RuntimeError)


def test_gil_released_while_running(ball_scene):
    sim = contactsim.Simulation(ball_scene)
    ticks = 0
    worker = threading.Thread(target=sim.run, args=(1.5,))
    worker.start()
    while worker.is_alive():
        ticks += 1  # only advances while the engine's thread does not hold the GIL
    worker.join()
    assert sim.steps == 7500
    assert ticks > 1000


def test_drives_in_history_and_frame():
    """A crank turned at a prescribed 2 rad/s and an arm held by a saturating PD motor
    (assets/scenes/driven_crank.json): the history and the frame carry each drive's coordinate
    and effort, and the energy account its work."""
    from conftest import SOURCE_DIR
    sim = contactsim.Simulation(str(SOURCE_DIR / "assets" / "scenes" / "driven_crank.json"))
    assert sim.drive_names == ["crank_drive", "arm_motor"]
    history = sim.run(1.0)
    for name in sim.drive_names:
        assert f"{name}.position" in history.columns and f"{name}.effort" in history.columns
    # The prescribed motion holds to the constraint tolerance: θ = 2 t.
    np.testing.assert_allclose(history["crank_drive.position"], 2.0 * history.t, atol=1e-8)
    # The motor's torque never exceeds its 8 N·m saturation.
    assert np.abs(history["arm_motor.effort"]).max() <= 8.0 * (1 + 1e-12)
    assert "energy.drive_work" in history.columns
    states = sim.drive_states()
    assert states.shape == (2, 2)
    np.testing.assert_array_equal(states.ravel(), sim.row()[[history.columns.index(c) for c in (
        "crank_drive.position", "crank_drive.effort", "arm_motor.position", "arm_motor.effort")]])
    frame = sim.frame()
    np.testing.assert_array_equal(frame["drives"], states)
    assert frame["energy"]["drive_work"] == sim.row()[history.columns.index("energy.drive_work")]


def test_recording_of_a_driven_scene_has_the_drives(tmp_path):
    """A recording of the driven crank carries the drives: Recording.states() has the state CSV's
    columns (drives included) and Recording.frame() the drive states and drive work."""
    from conftest import SOURCE_DIR
    sim = contactsim.Simulation(str(SOURCE_DIR / "assets" / "scenes" / "driven_crank.json"))
    sim.run(0.5, csv=tmp_path / "run.csv", record=tmp_path / "run.db", output_every=0.01)
    recording = contactsim.Recording(tmp_path / "run.db")
    assert recording.drive_names == ["crank_drive", "arm_motor"]
    states = recording.states()
    header = (tmp_path / "run.csv").read_text().splitlines()[0].split(",")
    assert states.columns == header
    csv = np.loadtxt(tmp_path / "run.csv", delimiter=",", skiprows=1)
    assert states.array.shape == csv.shape
    np.testing.assert_allclose(states.array, csv, rtol=1e-9, atol=1e-12)
    last = recording.frame(len(recording) - 1)
    np.testing.assert_array_equal(last["drives"], sim.drive_states())
    assert last["energy"]["drive_work"] == sim.frame()["energy"]["drive_work"]
    assert last["energy"]["drive_work"] != 0.0
