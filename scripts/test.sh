#!/usr/bin/env bash
# Installs what is missing, builds everything (Release) and runs every test.
# GUI tests each start their own Xvfb server (tests/run_on_virtual_display.sh), so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build_dir=${CONTACTSIM_BUILD_DIR:-build}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build_dir" -j"$(nproc)"
cd "$build_dir"
ctest --output-on-failure -j"$(nproc)"
