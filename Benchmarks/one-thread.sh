#!/usr/bin/env bash
# CPU per user of one worker thread (`--threads 1`) on W1 (`--search an --sort name --page 3`),
# the figure issue 19 asks to be at most 1.2 µs: user + system time of the whole process (the
# reading thread, the worker, simdjson's stage-1 thread), divided by the users in the file.
#
#   bash Benchmarks/one-thread.sh                       # this build
#   OLD=/path/to/older/userlist bash Benchmarks/one-thread.sh   # alternately with another binary
#
# Environment:
#   USERLIST=path   userlist binary (default .build-release/release/userlist, else
#                   .build/release/userlist); never built here
#   OLD=path        a second binary, run alternately with USERLIST (same file, same minute)
#   INPUT=file      default Benchmarks/data/users-intl-1m.ndjson (made when missing:
#                   generate-users.py --count 1000000 --names international)
#   RUNS=5          runs of each binary; the best and the median are reported
#   ARGS='...'      the query (default W1's)
#
# Prints each run (wall, user, system, peak RSS) and, per binary, the best and median µs of CPU
# per user. Run it on an idle machine: other processes' load raises the CPU time of the same
# work by 10-20% here (memory bandwidth and caches are shared).
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
INPUT=${INPUT:-Benchmarks/data/users-intl-1m.ndjson}
ARGS=${ARGS:---search an --sort name --page 3}
if [ -z "${USERLIST:-}" ]; then
  USERLIST=.build-release/release/userlist
  [ -x "$USERLIST" ] || USERLIST=.build/release/userlist
fi
[ -x "$USERLIST" ] || { echo "no userlist binary at $USERLIST: swift build -c release --scratch-path .build-release" >&2; exit 66; }
[ -z "${OLD:-}" ] || [ -x "$OLD" ] || { echo "OLD=$OLD is not an executable" >&2; exit 66; }
if [ ! -s "$INPUT" ]; then
  mkdir -p "$(dirname "$INPUT")"
  python3 Benchmarks/generate-users.py --count 1000000 --names international --out "$INPUT"
fi
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed (apt-get install time)" >&2; exit 69; }

users=$(wc -l < "$INPUT")
echo "input: $INPUT ($users lines), query: $ARGS --threads 1, load: $(cut -d' ' -f1-3 /proc/loadavg)"
results=$(mktemp)
trap 'rm -f "$results"' EXIT
binaries=("$USERLIST")
[ -z "${OLD:-}" ] || binaries+=("$OLD")
for run in $(seq "$RUNS"); do
  for binary in "${binaries[@]}"; do
    # shellcheck disable=SC2086
    line=$(/usr/bin/time -f "%e %U %S %M" "$binary" $ARGS --threads 1 "$INPUT" 2>&1 >/dev/null | tail -1)
    read -r wall user system rss <<<"$line"
    [[ "$user" =~ ^[0-9.]+$ ]] || { echo "run failed: $binary: $line" >&2; exit 70; }
    echo "$binary $wall $user $system $rss" >>"$results"
    printf '%-40s run %d: %5.2f s wall, %5.2f s user + %4.2f s system, %4d MB\n' "$binary" "$run" "$wall" "$user" "$system" $((rss / 1024))
  done
done
for binary in "${binaries[@]}"; do
  awk -v b="$binary" -v n="$users" '$1 == b { print ($3 + $4) * 1e6 / n }' "$results" | sort -n | awk -v b="$binary" '
    { v[NR] = $1 } END { printf "%s: best %.3f µs, median %.3f µs of CPU per user (%d runs)\n", b, v[1], v[int((NR + 1) / 2)], NR }'
done
