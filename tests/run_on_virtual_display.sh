#!/usr/bin/env bash
# run_on_virtual_display.sh COMMAND...: runs COMMAND on an Xvfb server of its own and returns its
# exit code.
#
# -noreset: by default an X server resets when its last client disconnects. A render test closes
# its display between test cases and opens a new one in the next case; under load (ctest -j) that
# connection raced the reset and VTK aborted with "bad X server connection" (seen in CI: 1 run in
# 1, and here 3 runs in 3 at -j6 without -noreset, 0 in 6 with it).
#
# Own number search instead of `xvfb-run -a`: xvfb-run picks a free number, starts Xvfb and runs
# the command even when that server failed because a test started at the same moment took the
# number. An Xvfb started on an explicit number claims it through its lock file (/tmp/.X<n>-lock,
# created atomically) or exits; -displayfd tells us which happened, so a taken number is skipped.
set -euo pipefail
scratch=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$scratch"' EXIT
mkfifo "$scratch/ready"

number=$((100 + RANDOM % 800)) # a random start keeps concurrent tests from queueing on one number
started=
for attempt in $(seq 1 40); do
  Xvfb ":$number" -displayfd 3 -nolisten tcp -noreset -screen 0 1600x1000x24 \
    3>"$scratch/ready" 2>"$scratch/server.log" &
  server=$!
  # Xvfb writes its display number once it accepts connections; EOF means it exited first.
  if read -r -t 60 announced <"$scratch/ready" && [ "$announced" = "$number" ]; then
    started=yes
    break
  fi
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=
  number=$((number + 1))
done
if [ -z "$started" ]; then
  echo "Xvfb did not start: $(tail -n 1 "$scratch/server.log")" >&2
  exit 1
fi

status=0
DISPLAY=":$number" "$@" || status=$?
# A test that failed may have lost its server: say what the server said last.
if [ "$status" -ne 0 ] && [ -s "$scratch/server.log" ]; then
  echo "Xvfb :$number log (last lines):" >&2
  tail -n 5 "$scratch/server.log" >&2
fi
exit "$status"
