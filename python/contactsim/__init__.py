"""contactsim from Python: load a scene (file or dict), change parameters by JSON path, run it,
read body states, cable values and contact patches as NumPy arrays, write and read recordings.

    import contactsim
    sim = contactsim.Simulation("assets/scenes/bouncing_ball.json",
                                params={"contact.law.restitution": 0.8})
    history = sim.run(1.0, csv="ball.csv")
    history["ball.z"].max(), sim.body_states(), sim.contacts()["fn"]

Engine errors are contactsim.Error (SceneError, SimulationError, RecordingError) whose str() is
the one line contactsim-cli prints after "error: ". Parameter studies: contactsim.study.
"""

import copy
import json
import os

from . import paths
from ._engine import Error, RecordingError, SceneError, SimulationError
from ._engine import Recording as _Recording
from ._engine import Simulation as _EngineSimulation
from ._engine import clear_mesh_cache

__all__ = [
    "Error", "SceneError", "SimulationError", "RecordingError", "Simulation", "History",
    "Recording", "load_scene", "scene_text", "clear_mesh_cache", "paths",
]


def load_scene(path):
    """The scene file at *path* as a dict (for editing and Simulation(dict, base_dir=...)).
    A file that is not JSON raises SceneError with the engine's message."""
    path = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        # The engine's reader words the error as the CLI does (file, line, what).
        _EngineSimulation.from_file(path, 1)
        raise


def scene_text(scene, params=None):
    """JSON text of *scene* (a dict) with *params* ({path: value}) applied to a copy.
    Floats are written shortest-round-trip, so the engine reads exactly the doubles given."""
    if params:
        scene = copy.deepcopy(scene)
        for path, value in params.items():
            paths.set(scene, path, value)
    return json.dumps(scene)


class History:
    """Rows sampled during a run: ``array`` (rows × columns, float64) and ``columns``, the state
    CSV's names ("t", "ball.z", "chain.tension") followed by contact, energy and solver columns.
    ``history["ball.z"]`` is one column."""

    def __init__(self, array, columns):
        self.array = array
        self.columns = list(columns)
        self._index = {name: i for i, name in enumerate(self.columns)}

    def __getitem__(self, name):
        try:
            return self.array[:, self._index[name]]
        except KeyError:
            raise KeyError(f"no column '{name}' (columns: {', '.join(self.columns)})") from None

    def __contains__(self, name):
        return name in self._index

    def __len__(self):
        return self.array.shape[0]

    @property
    def t(self):
        return self["t"]

    def to_dataframe(self):
        import pandas as pd
        return pd.DataFrame(self.array, columns=self.columns)


class Simulation:
    """A scene set in motion.

    *scene* is a scene file's path or a scene dict; *params* ({JSON path: value}) are applied
    first. Relative mesh paths of a dict are taken from the folder of *file* (the file it was
    read from, also named in errors) or *base_dir* (default: the current folder). *threads*
    evaluates contact pairs in parallel (results bit-identical for any count); 1 suits a
    study, whose runs already fill the cores.
    """

    def __init__(self, scene, *, params=None, base_dir=None, file=None, threads=1):
        if isinstance(scene, dict):
            # The engine names the scene in errors and resolves meshes against this file's
            # folder: *file* when the dict came from one, else a name in *base_dir*.
            if file is None:
                base = os.fspath(base_dir) if base_dir is not None else os.getcwd()
                file = os.path.join(os.path.abspath(base), "<scene dict>")
            file = os.fspath(file)
            text = scene_text(scene, params)
        elif params:
            file = os.fspath(scene)
            text = scene_text(load_scene(file), params)
        else:
            # As given (not made absolute): errors then name the file as the CLI's do.
            file = os.fspath(scene)
            text = None  # the engine reads the file, so its errors are the CLI's word for word
        self.file = file
        if text is None:
            self._engine = _EngineSimulation.from_file(file, threads)
        else:
            self._engine = _EngineSimulation(text, file, threads)

    # Scene facts.
    time = property(lambda self: self._engine.time, doc="simulated time (s)")
    steps = property(lambda self: self._engine.steps, doc="steps taken since t = 0")
    time_step = property(lambda self: self._engine.time_step)
    end_time = property(lambda self: self._engine.end_time, doc="the scene's solver.end_time")
    body_names = property(lambda self: self._engine.body_names)
    cable_names = property(lambda self: self._engine.cable_names)
    drive_names = property(lambda self: self._engine.drive_names,
                           doc="joints with a drive (prescribed motion or motor), scene order")
    warnings = property(lambda self: self._engine.warnings)
    columns = property(lambda self: self._engine.columns, doc="the History's column names")
    scene_json = property(lambda self: self._engine.scene_json)

    def run(self, until=None, *, csv=None, contacts_csv=None, record=None, output_every=None,
            sample_every=1, max_wall_seconds=None):
        """Steps to *until* (default: the scene's end time) — to the first whole step at or after
        it, counted from t = 0 as ``contactsim-cli run --until`` does — without holding the GIL.
        Writes the CLI's files if asked (csv, contacts_csv, record; rows every *output_every*
        seconds). Returns the History of the current state and every *sample_every*-th step.
        Raises SimulationError if a step fails (the state stays at the last good step), and
        contactsim.Error once *max_wall_seconds* of wall time are spent (the state stays at the
        last step taken; run() again to go on)."""
        until = self.end_time if until is None else float(until)
        array = self._engine.run(until, csv=csv, contacts_csv=contacts_csv, record=record,
                                 output_every=output_every, sample_every=sample_every,
                                 max_wall_seconds=max_wall_seconds or 0.0)
        return History(array, self.columns)

    def row(self):
        """The History row of the current state, as a 1-D array."""
        return self._engine.row()[0]

    def body_states(self):
        """(bodies, 13): x y z qw qx qy qz vx vy vz wx wy wz per body, scene order (fixed bodies
        included), world frame, quaternion with w ≥ 0 — the state CSV's layout."""
        return self._engine.body_states()

    def body_state(self, name):
        return self.body_states()[self.body_names.index(name)]

    def cable_states(self):
        """(cables, 2): length (m) and tension (N) per cable, scene order."""
        return self._engine.cable_states()

    def drive_states(self):
        """(drives, 2) per driven joint (drive_names): its coordinate from t = 0, the angle (rad)
        or displacement (m) of its body B relative to A, and the driving torque (N·m) or force
        (N) on B along the joint's axis."""
        return self._engine.drive_states()

    def contacts(self):
        """Contact patches at the last step as a dict of arrays, one entry per patch: body_a,
        body_b (body indices), id, continues, centroid, pressure_centre, force_point (where the
        forces act), normal (n × 3), delta, delta_rate, fn, ft (n × 3), area, sticking, slip
        (n × 3)."""
        return self._engine.contacts()

    def energy(self):
        return self._engine.energy()

    def frame(self):
        """time, bodies, cables, contacts, energy of the current state."""
        return self._engine.frame()


class Recording:
    """A recording file (``run(record=...)``, ``contactsim-cli run --record``), read-only."""

    def __init__(self, path):
        self._reader = _Recording(path)

    path = property(lambda self: self._reader.path)
    body_names = property(lambda self: self._reader.body_names)
    cable_names = property(lambda self: self._reader.cable_names)
    drive_names = property(lambda self: self._reader.drive_names)
    time_step = property(lambda self: self._reader.time_step)
    scene_json = property(lambda self: self._reader.scene_json)
    scene_path = property(lambda self: self._reader.scene_path)
    created = property(lambda self: self._reader.created)
    program_version = property(lambda self: self._reader.program_version)

    def __len__(self):
        return self._reader.frame_count

    def times(self):
        return self._reader.times()

    @property
    def columns(self):
        """The state CSV's columns, those of states()."""
        names = ["t"]
        for b in self.body_names:
            names += [f"{b}.{c}" for c in ("x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy",
                                           "vz", "wx", "wy", "wz")]
        for c in self.cable_names:
            names += [f"{c}.length", f"{c}.tension"]
        for d in self.drive_names:
            names += [f"{d}.position", f"{d}.effort"]
        return names

    def states(self):
        """History of every frame with the state CSV's columns (no drives in a version-1 file)."""
        return History(self._reader.states(), self.columns)

    def frame(self, index):
        return self._reader.frame(index)

    def first_frame_at_or_after(self, time):
        return self._reader.first_frame_at_or_after(time)

    def mesh(self, body):
        """(vertices n × 3, triangles m × 3) of a body (index or name), body frame."""
        if isinstance(body, str):
            body = self.body_names.index(body)
        return self._reader.mesh(body)

    def summary(self):
        return self._reader.summary()

