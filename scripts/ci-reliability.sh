#!/usr/bin/env bash
# Reliability checks (docs/reliability.md), run by .ci/run after the README's test command:
#   1. every libFuzzer target from its committed seeds: by default a fixed seed and a fixed number
#      of inputs per target (~45 s each here), so CI replays the same inputs on every machine and a
#      failure is a regression, not luck; FUZZ_SECONDS=N fuzzes N s per target from a random seed
#      instead (a campaign: its findings go to docs/reliability.md and to the seed corpus). The
#      targets run in two lanes at once, one per core;
#   2. the tests of the code that parses, allocates and indexes (SANITIZED_TESTS below) under
#      ASan+UBSan;
#   3. the threaded tests under ThreadSanitizer.
# Any finding fails the script; a fuzzer's crash prints the reproducer (path, base64 and the
# command that replays it). Usage: scripts/ci-reliability.sh [fuzz|asan|tsan]... (default: all)
# Build directories: build-asan (clang, ASan+UBSan and libFuzzer's coverage hooks: the fuzzers and
# the sanitized tests share its libraries, so the core is compiled once for both) and build-tsan,
# each building only what its runs need, with Ninja: it builds the test targets side by side,
# where make's top level builds the targets it is given one after another.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scripts/install-deps.sh --reliability
jobs=$(nproc)
fuzz_seconds=${FUZZ_SECONDS:-}
steps=("$@")
((${#steps[@]})) || steps=(fuzz asan tsan)

section() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

# dir cmake-arguments...: configures with Ninja; a directory made by another generator (an older
# run of this script) is configured afresh, since CMake refuses to switch generators in place.
configure() {
  local dir=$1
  shift
  if [[ -f $dir/CMakeCache.txt ]] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$dir/CMakeCache.txt"; then
    rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
  fi
  cmake -G Ninja -S . -B "$dir" "$@" >/dev/null
}

# The fuzzers' and the sanitized tests' build. CONTACTSIM_SANITIZE as well, for the tests that
# scale their work down under the sanitizers.
configure_asan() {
  CC=clang CXX=clang++ configure build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCONTACTSIM_BUILD_FUZZ=ON -DCONTACTSIM_SANITIZE=ON -DCONTACTSIM_BUILD_APP=OFF
}

# name corpus-dir runs [dictionary]; runs: the fixed number of inputs CI tries (about 45 s of this
# 2-core VM's executions per second with both lanes busy, measured from a clean clone on
# 2026-11-28: scene 3.7 k/s, recording 1.1 k/s, collision 67/s), or 0 for the committed inputs
# only.
run_fuzzer() {
  local name=$1 corpus=$2 runs=$3 dict=${4:-}
  local work=build-asan/runs/$name
  rm -rf "$work" && mkdir -p "$work/corpus" "$work/artifacts"
  local args=(-timeout=25 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts/")
  if [[ -n $fuzz_seconds ]]; then
    args+=(-max_total_time="$fuzz_seconds")
    echo "fuzz_$name: ${fuzz_seconds}s from tests/fuzz/corpus/$corpus, random seed"
  elif ((runs == 0)); then
    args+=(-runs=0)
    echo "fuzz_$name: the seeds and regression inputs of tests/fuzz/corpus/$corpus only"
  else
    args+=(-seed=1 -runs="$runs")
    echo "fuzz_$name: $runs inputs from tests/fuzz/corpus/$corpus, seed 1"
  fi
  [[ -n $dict ]] && args+=(-dict="tests/fuzz/dict/$dict")
  # New inputs go to a scratch corpus; the committed seeds are only read.
  # lsan.supp: a leak inside Debian's Assimp (docs/reliability.md, "Findings").
  if TMPDIR=/dev/shm LSAN_OPTIONS="suppressions=$root/tests/fuzz/lsan.supp" \
    build-asan/tests/fuzz/fuzz_"$name" "${args[@]}" "$work/corpus" \
      "tests/fuzz/corpus/$corpus" >"$work/log.txt" 2>&1; then
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$work/log.txt" | tr '\n' ' '
    echo
    return 0
  fi
  echo "FINDING in fuzz_$name (log: $root/$work/log.txt):" >&2
  grep -E -A40 'ERROR|fuzz invariant violated|runtime error' "$work/log.txt" | head -60 >&2
  local artifact
  for artifact in "$work"/artifacts/*; do
    [[ -e $artifact ]] || continue
    echo "reproducer: $root/$artifact (base64: $(base64 -w0 "$artifact"))" >&2
    echo "replay:     build-asan/tests/fuzz/fuzz_$name $artifact" >&2
  done
  return 1
}

fuzz() {
  section "fuzz targets${fuzz_seconds:+, ${fuzz_seconds}s each}"
  configure_asan
  cmake --build build-asan -j"$jobs" --target fuzz_mesh_import fuzz_scene_reader \
    fuzz_recording_reader fuzz_collision_contact
  mkdir -p build-asan/runs
  # Two lanes, one per core, each printed when it is done (so their lines do not interleave).
  # Mesh import replays its committed inputs only: under mutation, Debian's Assimp corrupts freed
  # heap memory now and then (finding 8 in docs/reliability.md: ASan's quarantine check fails
  # inside Assimp's delete after thousands of inputs, on no input alone), which would fail CI at
  # random. Campaigns (FUZZ_SECONDS) still mutate it.
  (
    failed=0
    run_fuzzer scene_reader scene 170000 json.dict || failed=1
    run_fuzzer mesh_import mesh 0 mesh.dict || failed=1
    exit $failed
  ) >build-asan/runs/lane1.txt 2>&1 &
  local lane1=$!
  (
    failed=0
    run_fuzzer recording_reader recording 50000 || failed=1
    run_fuzzer collision_contact collision 3000 || failed=1
    exit $failed
  ) >build-asan/runs/lane2.txt 2>&1 &
  local lane2=$!
  local failed=0
  wait "$lane1" || failed=1
  wait "$lane2" || failed=1
  cat build-asan/runs/lane1.txt build-asan/runs/lane2.txt
  return $failed
}

# The tests under ASan+UBSan: those of mesh, scene, URDF and recording parsing, of the geometry,
# collision and contact code (trees, segments, contours, depth fields, volumes), of the
# checkpoints' byte images (test_geometry) and of the start check. The other fast tests run the
# integrator over longer simulations: under the sanitizers they would add half an hour of
# building and running to CI (docs/reliability.md, "CI"); run them with
# `ctest -LE 'slow|display|render|soak'` in build-asan before changing memory layout or threads.
SANITIZED_TESTS=(test_geometry test_collision test_contact test_depth_fields test_volumetric
  test_scene test_assets test_urdf test_record test_start_check)

asan() {
  section "tests under ASan+UBSan"
  configure_asan
  # Each test is named after its executable's target.
  cmake --build build-asan -j"$jobs" --target "${SANITIZED_TESTS[@]}"
  local pattern
  pattern="^($(IFS='|' && echo "${SANITIZED_TESTS[*]}"))\$"
  # lsan.supp: a leak inside Debian's Assimp (docs/reliability.md, "Findings").
  (cd build-asan &&
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      LSAN_OPTIONS="suppressions=$root/tests/fuzz/lsan.supp" \
      ctest --output-on-failure -j"$jobs" -R "$pattern")
}

tsan() {
  section "threaded tests under ThreadSanitizer"
  # Label `threads`: the frame mailbox between two threads and the contact pairs on two
  # std::threads. test_parallel_pairs (oneTBB) is not run here: libtbb.so is not instrumented,
  # so TSan reports oneTBB's own task hand-offs as races (docs/reliability.md).
  configure build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCONTACTSIM_BUILD_APP=OFF \
    -DCMAKE_CXX_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread"
  cmake --build build-tsan -j"$jobs" --target test_frame_mailbox_threads test_pair_loop_threads
  (cd build-tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    ctest --output-on-failure -L threads)
}

for step in "${steps[@]}"; do
  case $step in
    fuzz | asan | tsan) "$step" ;;
    *) echo "unknown step '$step' (expected fuzz, asan or tsan)" >&2 && exit 2 ;;
  esac
done
section "reliability checks passed"
