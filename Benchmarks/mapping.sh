#!/usr/bin/env bash
# Decoding speed of the mapped paths against the JSONPlaceholder path (UserDTO), on the same users.
#
#   bash Benchmarks/mapping.sh
#
# The 200k generated users (users-200k.ndjson, as in `run.sh where`) are rewritten by
# reshape-users.py as pages of 100 users in each API's own shape: bare JSONPlaceholder arrays
# (the DTO path), dummyjson, randomuser and SCIM pages (named mappings), and Okta arrays (the
# general mapping, with the person one level down in `profile`). userlist reads each with a
# one-user page as output, so the time is reading, parsing, mapping, normalising and dedupe.
#
# Environment: USERLIST (default .build/release/userlist), RUNS=5 WARMUP=1.
# Both the time per user and the throughput in MB/s are compared: the shapes spell the same
# users in more or fewer bytes (randomuser's are 1.5x JSONPlaceholder's, Okta's 0.7x).
set -euo pipefail

cd "$(dirname "$0")/.."
USERLIST=${USERLIST:-.build/release/userlist}
RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
DATA=Benchmarks/data
SOURCE=$DATA/users-200k.ndjson
SHAPES=(jsonplaceholder dummyjson randomuser scim okta)
mkdir -p "$DATA"

for t in hyperfine python3 jq; do
  command -v "$t" >/dev/null || { echo "mapping.sh: $t is not on PATH" >&2; exit 69; }
done
[ -x "$USERLIST" ] || { echo "mapping.sh: no userlist binary at $USERLIST (swift build -c release)" >&2; exit 69; }
[ -s "$SOURCE" ] || python3 Benchmarks/generate-users.py --count 200000 --out "$SOURCE"
for s in "${SHAPES[@]}"; do
  [ -s "$DATA/pages-$s.ndjson" ] || python3 Benchmarks/reshape-users.py --to "$s" < "$SOURCE" > "$DATA/pages-$s.ndjson"
done

echo "== $(date -u '+%Y-%m-%d %H:%M UTC')   $(nproc) CPUs   load:$(cut -d' ' -f1-3 /proc/loadavg)"
HF=(hyperfine -N --warmup "$WARMUP" --runs "$RUNS" --export-json "$DATA/bench-mapping.json" --style basic)
for s in "${SHAPES[@]}"; do
  HF+=(-n "$s" "$USERLIST $DATA/pages-$s.ndjson --format ndjson --page-size 1")
done
"${HF[@]}" > /dev/null 2>&1

users=$(wc -l < "$SOURCE")
printf '\n%-16s %8s %9s %9s %9s %14s\n' shape MB seconds "MB/s" "us/user" "x JSONPlaceh."
base_s=""; base_mbs=""
while IFS=$'\t' read -r name mean sd; do
  mb=$(du -m "$DATA/pages-$name.ndjson" | cut -f1)
  mbs=$(awk -v m="$mb" -v t="$mean" 'BEGIN{printf "%.0f", m/t}')
  us=$(awk -v t="$mean" -v u="$users" 'BEGIN{printf "%.2f", t*1e6/u}')
  if [ -z "$base_s" ]; then base_s=$mean; base_mbs=$mbs; fi
  ratio=$(awk -v t="$mean" -v b="$base_s" -v m="$mbs" -v bm="$base_mbs" 'BEGIN{printf "%.2f/user %.2f/MB", t/b, bm/m}')
  printf '%-16s %8s %5.2f±%.2f %9s %9s %14s\n' "$name" "$mb" "$mean" "$sd" "$mbs" "$us" "$ratio"
done < <(jq -r '.results[] | [.command, .mean, .stddev] | @tsv' "$DATA/bench-mapping.json")
