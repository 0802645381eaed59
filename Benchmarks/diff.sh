#!/usr/bin/env bash
# `userlist diff` on two 1M-user international exports, against one `--format ndjson` run over
# both (the issue's bar: the diff within 2x of that run).
#
#   bash Benchmarks/diff.sh
#
# Environment:
#   USERLIST=path   userlist binary (default .build-release/release/userlist, else
#                   .build/release/userlist); never built here
#   COUNT=N         users in OLD (default 1,000,000)
#   RUNS=3          timed runs of each command (the best is reported, and every run's peak RSS)
#
# Inputs (made when missing, in Benchmarks/data/): OLD is generate-users.py --names international
# (seed 42); NEW is OLD with about 1% of the users' emails or cities changed, 0.5% dropped and
# 0.5% new ones added in between (a fixed seed, so every run compares the same pair).
set -euo pipefail

cd "$(dirname "$0")/.."
COUNT=${COUNT:-1000000}
RUNS=${RUNS:-3}
DATA=Benchmarks/data
OLD=$DATA/diff-old-$COUNT.ndjson
NEW=$DATA/diff-new-$COUNT.ndjson
mkdir -p "$DATA"

if [ -z "${USERLIST:-}" ]; then
  USERLIST=.build-release/release/userlist
  [ -x "$USERLIST" ] || USERLIST=.build/release/userlist
fi
[ -x "$USERLIST" ] || { echo "no userlist binary at $USERLIST: swift build -c release --scratch-path .build-release" >&2; exit 66; }

[ -s "$OLD" ] || python3 Benchmarks/generate-users.py --count "$COUNT" --names international --seed 42 --out "$OLD"
if [ ! -s "$NEW" ]; then
  python3 - "$OLD" "$NEW" <<'PY'
import json, random, sys
rng = random.Random(7)
cities = ["Berlin", "München", "São Paulo", "東京", "Kraków", "Québec", "Zürich", "Reykjavík"]
next_id = 50_000_000
with open(sys.argv[1], encoding="utf-8") as old, open(sys.argv[2], "w", encoding="utf-8") as new:
    for line in old:
        r = rng.random()
        if r < 0.005:
            continue  # removed
        if r < 0.015:  # changed: the email, the city, or both
            user = json.loads(line)
            if r < 0.010:
                user["email"] = "moved." + user["email"]
            if r >= 0.008:
                user["address"]["city"] = rng.choice(cities)
            line = json.dumps(user, ensure_ascii=False, separators=(",", ":")) + "\n"
        new.write(line)
        if rng.random() < 0.005:  # added
            user = json.loads(line)
            user["id"] = next_id
            next_id += 1
            user["email"] = f"new{next_id}@example.org"
            new.write(json.dumps(user, ensure_ascii=False, separators=(",", ":")) + "\n")
PY
fi

echo "userlist: $USERLIST"
echo "OLD: $OLD ($(wc -l < "$OLD") lines, $(du -m "$OLD" | cut -f1) MB)"
echo "NEW: $NEW ($(wc -l < "$NEW") lines, $(du -m "$NEW" | cut -f1) MB)"

# Runs "$@" RUNS times with stdout to /dev/null; prints the best wall time and the peak RSS.
measure() {
  local best="" rss=0 line seconds kb timing
  timing=$(mktemp)
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%e %M' -o "$timing" "$@" > /dev/null 2> /dev/null || true
    line=$(tail -1 "$timing")
    seconds=${line% *}
    kb=${line#* }
    if [ -z "$best" ] || awk "BEGIN { exit !($seconds < $best) }"; then best=$seconds; fi
    [ "$kb" -gt "$rss" ] && rss=$kb
  done
  rm -f "$timing"
  echo "$best $rss"
}

read -r list_s list_kb < <(measure "$USERLIST" "$OLD" "$NEW" -f ndjson)
read -r diff_s diff_kb < <(measure "$USERLIST" diff "$OLD" "$NEW" -f ndjson)
{ "$USERLIST" diff "$OLD" "$NEW" -f ndjson 2>&1 >/dev/null || true; } | tail -1 | sed "s/^/diff found: /"
printf '%-44s %8s %10s\n' "command (best of $RUNS)" "seconds" "peak RSS"
printf '%-44s %8s %7s MB\n' "userlist OLD NEW -f ndjson (one run, both)" "$list_s" "$((list_kb / 1024))"
printf '%-44s %8s %7s MB\n' "userlist diff OLD NEW -f ndjson" "$diff_s" "$((diff_kb / 1024))"
awk "BEGIN { printf \"ratio diff / one run over both: %.2f (target: at most 2)\n\", $diff_s / $list_s }"
