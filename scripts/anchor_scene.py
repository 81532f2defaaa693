"""What the flagship's scripts share (plot_anchor.py, settle_anchor_start.py): where the scene
and the command-line program are, and the rotation matrix of the CSVs' quaternions."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENE = os.path.join(ROOT, "assets", "scenes", "anchor_hull.json")


def find_cli():
    """The contactsim-cli of the first build directory that has one; exits with a line if none."""
    for build in ("build", "build-anchor", "build-full", "build-dynamics"):
        path = os.path.join(ROOT, build, "app", "contactsim-cli")
        if os.access(path, os.X_OK):
            return path
    sys.exit("contactsim-cli not found: build it (cmake --build build --target contactsim-cli) "
             "or pass --cli")


def rotation(q):
    """The rotation matrix of a unit quaternion (w, x, y, z), rows of lists."""
    w, x, y, z = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]
