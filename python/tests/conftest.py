"""Shared fixtures: where the sources and the CLI are (set by ctest, see CMakeLists.txt)."""
import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("CONTACTSIM_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
BALL = SOURCE_DIR / "assets" / "scenes" / "bouncing_ball.json"


@pytest.fixture
def ball_scene():
    return BALL


@pytest.fixture
def cli():
    path = os.environ.get("CONTACTSIM_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("CONTACTSIM_CLI not set (ctest sets it to the built contactsim-cli)")
    return path


def ball_study(until=0.3, restitutions=None):
    """A study of the bouncing ball: restitution × drop height on a grid, or a list of
    restitutions (a bad one makes a broken run). Short runs: the point is the machinery."""
    spec = {
        "scene": str(BALL),
        "until": until,
        "quantities": [
            {"name": "z_min", "min": "ball.z"},
            {"name": "z_final", "final": "ball.z"},
            {"name": "fn_max", "max": "contacts.fn_max"},
            {"name": "first_contact", "time_of": "contacts.count", "above": 1},
            {"name": "vx_final", "final": "ball.vx"},
        ],
    }
    if restitutions is None:
        spec["sampling"] = {"method": "grid"}
        spec["parameters"] = [
            {"name": "restitution", "path": "contact.law.restitution",
             "values": [0.3, 0.45, 0.6, 0.75, 0.9, 0.95]},
            {"name": "height", "path": "bodies[ball].position[2]",
             "values": [0.2, 0.25, 0.3, 0.4]},
        ]
    else:
        spec["sampling"] = {"method": "list"}
        spec["parameters"] = [{"name": "restitution", "path": "contact.law.restitution",
                               "values": restitutions}]
    return spec
