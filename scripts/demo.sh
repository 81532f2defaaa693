#!/usr/bin/env bash
# Installs what is missing, builds the GUI (Release) and opens it on the default scene.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build_dir=${CONTACTSIM_BUILD_DIR:-build}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
cmake --build "$build_dir" -j"$(nproc)" --target contactsim
# Until the anchor demo scene exists (issue 7), the default scene is the bundled models.
exec "$build_dir/app/gui/contactsim" assets/models/plate.stl assets/models/icosphere.stl "$@"
