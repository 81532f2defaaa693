#!/usr/bin/env bash
# Installs the Debian 12 packages contactsim needs; does nothing when all are present.
# Usage: scripts/install-deps.sh [--bench] [--reliability]
#   --bench adds the benchmark-only peers FCL and Bullet; --reliability adds clang, its
#   libFuzzer/sanitizer runtimes and Ninja for scripts/ci-reliability.sh (docs/reliability.md).
set -euo pipefail

packages=(
  build-essential cmake pkg-config   # compiler and build system
  libeigen3-dev                      # core: linear algebra (the only dependency of core/)
  libassimp-dev                      # assets: mesh import (STL, OBJ, PLY, glTF, OFF, ...)
  libxml2-dev                         # assets: URDF import (contactsim_urdf)
  nlohmann-json3-dev                 # scene files and --json output
  libcli11-dev                       # command-line parsing of contactsim-cli
  libsqlite3-dev                     # recordings
  libtbb-dev                         # core/parallel: contact pairs on oneTBB's work stealing
  libqhull-dev                       # core/volumetric: convex hulls (Qhull's reentrant libqhull_r)
  catch2                             # tests (Catch2 v2)
  libvtk9-dev                        # render: VTK 9.1 (its Qt modules are not used)
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev  # app: Qt 6 widgets, QOpenGLWidget, plots
  qt6-qpa-plugins                    # Qt's xcb platform plugin (the GUI needs it at run time)
  libgl1-mesa-dri xvfb xauth         # software OpenGL and a virtual display for GUI tests
  python3-matplotlib                 # scripts/plot_anchor.py: force plots of the anchor demo
  pybind11-dev python3-dev           # python/: the contactsim extension module
  python3-numpy python3-pandas       # python/: states as arrays, study results as a DataFrame
  python3-distributed                # contactsim.study: runs spread over dask workers
  python3-pytest                     # python/tests (ctest label python)
)
for option in "$@"; do
  case $option in
    --bench) packages+=(libfcl-dev libbullet-dev) ;;  # benchmark peers, never in the product
    --reliability) packages+=(clang libclang-rt-14-dev ninja-build) ;;  # libFuzzer, sanitizer builds
    *) echo "unknown option $option (expected --bench or --reliability)" >&2 && exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi
echo "installing: ${missing[*]}" >&2
sudo_cmd=()
[[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
