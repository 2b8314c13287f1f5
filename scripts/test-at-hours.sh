#!/usr/bin/env bash
# Runs the unit and API suite (shared + server, on PGlite) with the clock set to given hours of
# today (UTC) through libfaketime, so a test that takes "today" from the UTC clock instead of the
# store group's calendar fails here, at any hour of the real day. The clock keeps running from the
# given moment; timers are real (monotonic clocks are not faked).
#   bash scripts/test-at-hours.sh            # 01:00, 09:00 and 17:00 UTC
#   bash scripts/test-at-hours.sh 17 23      # chosen hours
# Needs Debian's faketime (apt-get install faketime).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "faketime is missing: apt-get install faketime" >&2; exit 1; }
hours=("$@")
[ ${#hours[@]} -gt 0 ] || hours=(01 09 17)
day=$(date -u +%F)
for h in "${hours[@]}"; do
  at="$day $(printf '%02d' "$((10#$h))"):00:00"
  echo "== unit and API suite with the clock at $at UTC"
  # DATABASE_URL unset: PGlite runs inside the process and follows the faked clock, like the app.
  env -u DATABASE_URL TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@$at" npx vitest run
done
