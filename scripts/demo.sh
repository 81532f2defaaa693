#!/usr/bin/env bash
# Installs what is missing, builds the GUI (Release) and opens it on the anchor demo.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build_dir=${CONTACTSIM_BUILD_DIR:-build}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
cmake --build "$build_dir" -j"$(nproc)" --target contactsim
# The flagship demo: the two-body anchor heaved by its cable against the hull (seed 004 §V).
exec "$build_dir/app/gui/contactsim" assets/scenes/anchor_hull.json "$@"
