#!/usr/bin/env bash
# The suite under load: `npm test` N times back to back (default 3) while one CPU-heavy process
# spins beside it, as on a busy CI machine; prints each run's closing `total:` line and wall time,
# and exits 1 if any run failed. The hog is bounded (it ends itself after HOG_SECONDS, default
# 3 hours) and is killed when the script ends, however it ends. Each run's full output is kept in
# .test-artifacts/stress/run-N.log.
#   scripts/stress-test.sh [N]
set -u
runs="${1:-3}"
case "$runs" in '' | *[!0-9]* | 0) echo "usage: scripts/stress-test.sh [N ≥ 1]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.." || exit 2
logs=.test-artifacts/stress
mkdir -p "$logs"

node -e "const end = Date.now() + ${HOG_SECONDS:-10800} * 1000; while (Date.now() < end) {}" &
hog=$!
trap 'kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null' EXIT
trap 'exit 130' INT TERM
echo "stress: $runs run(s) of npm test beside a CPU hog (pid $hog); $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)"

failed=0
for i in $(seq 1 "$runs"); do
  started=$(date +%s)
  npm test > "$logs/run-$i.log" 2>&1
  code=$?
  secs=$(( $(date +%s) - started ))
  total=$(grep -E '^total: ' "$logs/run-$i.log" | tail -n 1)
  echo "run $i: ${total:-no total line (exit $code)}, ${secs}s, exit $code  ($logs/run-$i.log)"
  [ "$code" -eq 0 ] || failed=1
done
exit "$failed"
