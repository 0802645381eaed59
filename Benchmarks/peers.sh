#!/usr/bin/env bash
# userlist against DuckDB and Polars, each running the query a data engineer would write for
# the same job (Benchmarks/peers/duckdb_peer.py, polars_peer.py), on 1M international users.
#
#   bash Benchmarks/peers.sh [all | w1 w3 where search2 city count count-an ...]   (default: all)
#   bash Benchmarks/peers.sh exact [w1|w2|w3|array|first-line|all]
#        the byte-exact peers (peers-exact.sh): DuckDB and Polars made to reproduce userlist's
#        output byte for byte; a correctness check, not what anyone would time against
#
#   w1        --search an --sort name --page 3
#   w3        dedupe + --sort name, every user as CSV, to a file
#   where     --where '.address.city == "Zürich"' --sort company:desc --page 2
#   search2   --search nguy --sort email:desc --page 5 --page-size 50
#   city      --sort city --page 100
#   count     --count                  (DuckDB: SELECT count(DISTINCT id) ...)
#   count-an  --count --search an
#   multisort --sort city,name:desc --page 100     (issue 22: within 1.3× of city's time)
#   collate   --sort city --collate sv --page 100  (issue 22: within 1.3× of city's; DuckDB
#             COLLATE sv with its ICU extension; Polars has no collation and sits it out)
#   countby   --count-by company        (DuckDB: GROUP BY company.name ORDER BY count DESC)
#   countby-domain  --count-by email-domain
#
# Environment:
#   COUNT=1000000   users in the input (Benchmarks/data/users-intl-<N>.ndjson, generated with
#                   generate-users.py --names international when missing); COUNT=20000 to check
#   RUNS=3          timed runs per tool; the table shows the best (lowest) wall time
#   WARMUP=1        untimed runs per tool first (they are checked like the others)
#   TOOLS="duckdb polars"   the peers (userlist always runs)
#   USERLIST=path   default .build/release/userlist (swift build -c release), else
#                   .build-release/release/userlist; never built here
#
# Each round runs every tool once (userlist, duckdb, polars, then again), so a change in the
# machine's load falls on all of them. Every run is `/usr/bin/time -f %M` (peak RSS; the table
# shows the largest of the runs) with the wall time taken around it. Every run's answer is
# checked: a page has its rows (page size, unless fewer users match: the expectation comes from
# `userlist --count` with the same filter), the CSV has one line per distinct id plus its header,
# `--count` equals the distinct ids. A run that fails or gives the wrong number of rows stops
# the script with a message (exit 1): it never becomes a time.
# Then each peer's answer is compared with userlist's, loosely: the ids on the page, in the
# same order or not; the CSV's ids; the count. The peers fold with strip_accents(lower(...)),
# break ties by id and treat "" as a name, so they are not expected to agree everywhere.
#
# Output: the per-run times, then a markdown table. Files: Benchmarks/data/peers/<workload>.*,
# the table in Benchmarks/data/peers-table.md, every figure in Benchmarks/data/peers-runs.tsv.
set -uo pipefail
export LC_ALL=C.UTF-8

cd "$(dirname "$0")/.."
if [ "${1:-}" = exact ]; then shift; exec bash Benchmarks/peers-exact.sh "$@"; fi

ALL=(w1 w3 where search2 city count count-an multisort collate countby countby-domain)
if [ $# = 0 ] || [ "$1" = all ]; then WORKLOADS=("${ALL[@]}"); else WORKLOADS=("$@"); fi
for w in "${WORKLOADS[@]}"; do
  [[ " ${ALL[*]} " == *" $w "* ]] || { echo "usage: bash Benchmarks/peers.sh [all | ${ALL[*]} ...] | exact ..." >&2; exit 64; }
done

RUNS=${RUNS:-3}
WARMUP=${WARMUP:-1}
COUNT=${COUNT:-1000000}
TOOLS=${TOOLS-"duckdb polars"}
DATA=Benchmarks/data
OUT=$DATA/peers
P=Benchmarks/peers
VENV=Benchmarks/.venv
PY=$VENV/bin/python
mkdir -p "$OUT"

die() { echo "peers.sh: $*" >&2; exit 1; }

if [ -z "${USERLIST:-}" ]; then
  USERLIST=.build/release/userlist
  [ -x "$USERLIST" ] || USERLIST=.build-release/release/userlist
fi
[ -x "$USERLIST" ] || die "no userlist binary at $USERLIST (swift build -c release, or USERLIST=path)"
[ -x /usr/bin/time ] || die "/usr/bin/time missing (apt-get install -y time)"
if [ -n "$TOOLS" ] && [ ! -x "$PY" ]; then
  bash Benchmarks/peers-venv.sh || die "peers-venv.sh failed"
fi
declare -A VER
VER[userlist]=$("$USERLIST" --version 2>&1 | head -1)
for t in $TOOLS; do
  case $t in duckdb|polars) ;; *) die "unknown peer $t (TOOLS: duckdb polars)" ;; esac
  VER[$t]=$("$PY" -c "import $t; print($t.__version__)" 2>&1) || die "$t is not installed in $VENV (bash Benchmarks/peers-venv.sh): ${VER[$t]}"
done
NAMES=(userlist $TOOLS)
# What every peer run pays before its query: starting Python and importing the package (best of 3).
declare -A IMPORT
for t in $TOOLS; do
  IMPORT[$t]=$(for i in 1 2 3; do s=$EPOCHREALTIME; "$PY" -c "import $t"; e=$EPOCHREALTIME; echo "$s $e"; done |
    awk '{d = $2 - $1; if (NR == 1 || d < b) b = d} END {printf "%.2f", b}')
done
label() { case $1 in 1000000) echo 1m ;; *) if [ $(($1 % 1000)) = 0 ]; then echo "$(($1 / 1000))k"; else echo "$1"; fi ;; esac; }
FILE=$DATA/users-intl-$(label "$COUNT").ndjson
if [ ! -s "$FILE" ]; then
  echo "== generating $FILE ($COUNT users, --names international)"
  python3 Benchmarks/generate-users.py --count "$COUNT" --names international --out "$FILE" || die "generate-users.py failed"
fi
# Distinct ids (the generator writes {"id":N, first), cached beside the file.
if [ ! -s "$FILE.distinct-ids" ] || [ "$FILE.distinct-ids" -ot "$FILE" ]; then
  awk -F'[:,]' '{print $2}' "$FILE" | sort -u | wc -l > "$FILE.distinct-ids"
fi
NUSERS=$(cat "$FILE.distinct-ids")
load() { cut -d' ' -f1 /proc/loadavg; }
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
STARTED=$(date -u '+%Y-%m-%d %H:%M UTC')
echo "== $STARTED   $(nproc) CPUs   load average $LOAD_START   RUNS=$RUNS WARMUP=$WARMUP"
echo "   $FILE: $(wc -l < "$FILE") lines, $(( $(stat -c %s "$FILE") / 1000000 )) MB, $NUSERS distinct ids"
echo "   userlist $USERLIST (${VER[userlist]})$(for t in $TOOLS; do printf '; %s %s' "$t" "${VER[$t]}"; done); $("$PY" --version 2>&1)"

# ---- the workloads: userlist's arguments, what the answer is, how to check it ----
# KIND: page (OFFSET, SIZE; FILTER = the filter for the expected match count), csv, count.
setup() {
  W=$1; FILTER=(); OFFSET=0; SIZE=0; KIND=page
  case $W in
    w1) UARGS=(--search an --sort name --page 3 -f tsv --fields id,name); FILTER=(--search an); OFFSET=40; SIZE=20
        WHAT="--search an --sort name --page 3" ;;
    w3) UARGS=(--sort name -f csv --fields id,name,email,company.name); KIND=csv
        WHAT="--sort name -f csv > FILE" ;;
    where) UARGS=(--where '.address.city == "Zürich"' --sort company:desc --page 2 -f tsv --fields id,name,company.name)
        FILTER=(--where '.address.city == "Zürich"'); OFFSET=20; SIZE=20
        WHAT="--where '.address.city == \"Zürich\"' --sort company:desc --page 2" ;;
    search2) UARGS=(--search nguy --sort email:desc --page 5 --page-size 50 -f tsv --fields id,name,email)
        FILTER=(--search nguy); OFFSET=200; SIZE=50
        WHAT="--search nguy --sort email:desc --page 5 --page-size 50" ;;
    city) UARGS=(--sort city --page 100 -f tsv --fields id,name,address.city); OFFSET=1980; SIZE=20
        WHAT="--sort city --page 100" ;;
    count) UARGS=(--count); KIND=count; WHAT="--count" ;;
    count-an) UARGS=(--count --search an); KIND=count; WHAT="--count --search an" ;;
    multisort) UARGS=(--sort city,name:desc --page 100 -f tsv --fields id,name,address.city); OFFSET=1980; SIZE=20
        WHAT="--sort city,name:desc --page 100" ;;
    collate) UARGS=(--sort city --collate sv --page 100 -f tsv --fields id,name,address.city); OFFSET=1980; SIZE=20
        WHAT="--sort city --collate sv --page 100" ;;
    countby) UARGS=(--count-by company -f tsv --no-header); KIND=groups; WHAT="--count-by company" ;;
    countby-domain) UARGS=(--count-by email-domain -f tsv --no-header); KIND=groups; WHAT="--count-by email-domain" ;;
  esac
  EXPECT=""
  if [ "$KIND" = page ]; then
    local m
    m=$("$USERLIST" "$FILE" "${FILTER[@]}" --count 2>/dev/null) || die "userlist ${FILTER[*]} --count failed on $FILE"
    EXPECT=$(( m - OFFSET )); [ "$EXPECT" -gt "$SIZE" ] && EXPECT=$SIZE; [ "$EXPECT" -lt 0 ] && EXPECT=0
    [ "$EXPECT" = "$SIZE" ] || echo "   note: only $m users match ${FILTER[*]}, so the page holds $EXPECT rows, not $SIZE (a bigger COUNT fills it)"
  fi
}

# The rows of a tool's answer ($1 tool): ids in order (page), data rows (csv), the number (count).
answer_file() { if [ "$KIND" = csv ]; then echo "$OUT/$W.$1.csv"; else echo "$OUT/$W.$1.out"; fi; }
ids() { # $1 tool -> the answer's ids, one a line, in order
  local f; f=$(answer_file "$1")
  case $KIND in
    page) if [ "$1" = userlist ]; then tail -n +2 "$f" | cut -f1; else cut -f1 "$f"; fi ;;
    csv) tail -n +2 "$f" | cut -d, -f1 ;;
  esac
}

check() { # $1 tool: the answer has the rows it must have, else stop
  local n f; f=$(answer_file "$1")
  case $KIND in
    page) n=$(wc -l < "$f"); [ "$1" = userlist ] && [ "$n" -gt 0 ] && n=$((n - 1))
          [ "$n" = "$EXPECT" ] || die "$1 on $W: the page has $n rows, expected $EXPECT (output: $f)" ;;
    csv) n=$(( $(wc -l < "$f") - 1 ))
         [ "$n" = "$NUSERS" ] || die "$1 on $W: the CSV has $n rows, expected one per distinct id, $NUSERS (file: $f)" ;;
    groups) n=$(awk -F'\t' '$2 !~ /^[0-9]+$/ { bad = 1 } { s += $2 } END { print bad ? "bad" : s }' "$f")
            [ "$n" = "$NUSERS" ] || die "$1 on $W: the counts add up to $n, expected the $NUSERS distinct ids (output: $f)" ;;
    count) n=$(tr -d ' \r\n' < "$f")
           [[ "$n" =~ ^[0-9]+$ ]] || die "$1 on $W: printed '$n', not a count (output: $f)"
           [ "$W" != count ] || [ "$n" = "$NUSERS" ] || die "$1 on $W: counted $n users, expected the $NUSERS distinct ids" ;;
  esac
}

declare -A BEST RSS LOADS AGREE TIMES
run_once() { # $1 tool; sets T (s) and M (KB)
  local tool=$1 rc t0 t1 dest=$OUT/$W.$1.out
  local -a cmd
  case $tool in
    userlist) cmd=("$USERLIST" "$FILE" "${UARGS[@]}"); [ "$KIND" = csv ] && dest=$OUT/$W.userlist.csv ;;
    *) cmd=("$PY" "$P/${tool}_peer.py" "$W" "$FILE"); [ "$KIND" = csv ] && cmd+=("$OUT/$W.$tool.csv") ;;
  esac
  rm -f "$OUT/$W.$tool.csv"
  t0=$EPOCHREALTIME
  /usr/bin/time -f '%M' -o "$OUT/$W.$tool.rss" "${cmd[@]}" > "$dest" 2> "$OUT/$W.$tool.err"; rc=$?
  t1=$EPOCHREALTIME
  [ "$rc" = 0 ] || die "$tool failed on $W (exit $rc): $(tail -n 3 "$OUT/$W.$tool.err" | tr '\n' ' ')(stderr: $OUT/$W.$tool.err)"
  check "$tool"
  T=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b - a}')
  M=$(tail -n 1 "$OUT/$W.$tool.rss")
}

compare() { # $1 peer -> how its answer compares with userlist's
  local n=$1 a b common same total
  case $KIND in
    groups) if cmp -s <(sort "$OUT/$W.userlist.out") <(sort "$OUT/$W.$n.out"); then echo "same $(wc -l < "$OUT/$W.$n.out") values and counts"
            else echo "$(comm -12 <(sort "$OUT/$W.userlist.out") <(sort "$OUT/$W.$n.out") | wc -l) of $(wc -l < "$OUT/$W.userlist.out") (value, count) rows alike"; fi ;;
    count) a=$(tr -d ' \r\n' < "$OUT/$W.userlist.out"); b=$(tr -d ' \r\n' < "$OUT/$W.$n.out")
           if [ "$a" = "$b" ]; then echo "same count, $b"; else echo "counts $b, userlist $a ($(awk -v a="$a" -v b="$b" 'BEGIN{printf "%+d", b - a}'))"; fi ;;
    page|csv)
      ids userlist > "$OUT/$W.userlist.ids"; ids "$n" > "$OUT/$W.$n.ids"
      total=$(wc -l < "$OUT/$W.userlist.ids")
      common=$(comm -12 <(sort "$OUT/$W.userlist.ids") <(sort "$OUT/$W.$n.ids") | wc -l)
      same=$(paste "$OUT/$W.userlist.ids" "$OUT/$W.$n.ids" | awk -F'\t' '$1 == $2' | wc -l)
      if [ "$KIND" = page ]; then
        local empty; empty=$(awk -F'\t' '$2 == ""' "$OUT/$W.$n.out" | wc -l)
        if [ "$same" = "$total" ]; then echo "same $total ids, same order"
        elif [ "$common" = "$total" ]; then echo "same $total ids, $((total - same)) in another order"
        else echo "$common of $total ids in common, $same in the same place${empty:+$( [ "$empty" != 0 ] && echo "; $empty with an empty name")}"; fi
      else
        # Order: of the ids that follow each other in userlist's file, how many pairs follow each
        # other in the peer's too. A few names sorted elsewhere (the empty names first) shift
        # every row after them, so "the same row" alone says little.
        local kept; kept=$(awk 'NR == FNR { if (FNR > 1) nxt[prev] = $1; prev = $1; next }
          { if (FNR > 1 && nxt[p] == $1) k++; p = $1 } END { printf "%.1f%%", 100 * k / (FNR > 1 ? FNR - 1 : 1) }' "$OUT/$W.userlist.ids" "$OUT/$W.$n.ids")
        if [ "$common" = "$total" ]; then echo "same $total ids; $(awk -v s="$same" -v t="$total" 'BEGIN{printf "%.1f%%", 100 * s / t}') in the same row; $kept of userlist's neighbouring pairs are neighbours here too"
        else echo "$common of $total ids in common; $same in the same row; $kept of userlist's neighbouring pairs are neighbours here too"; fi
      fi ;;
  esac
}

for w in "${WORKLOADS[@]}"; do
  setup "$w"
  echo
  echo "== $W: userlist FILE ${UARGS[*]}"
  l0=$(load)
  for n in "${NAMES[@]}"; do BEST[$W.$n]=""; RSS[$W.$n]=0; TIMES[$W.$n]=""; done
  RUNNERS=("${NAMES[@]}"); [ "$W" = collate ] && RUNNERS=("${RUNNERS[@]/polars}")
  for ((r = 1; r <= WARMUP + RUNS; r++)); do
    for n in ${RUNNERS[@]}; do
      run_once "$n"
      if [ "$r" -gt "$WARMUP" ]; then
        TIMES[$W.$n]+="$T "
        if [ -z "${BEST[$W.$n]}" ] || awk -v a="$T" -v b="${BEST[$W.$n]}" 'BEGIN{exit !(a < b)}'; then BEST[$W.$n]=$T; fi
        [ "$M" -gt "${RSS[$W.$n]}" ] && RSS[$W.$n]=$M
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$STARTED" "$W" "$(basename "$FILE")" "$n" "$r" "$T" "$M" >> "$DATA/peers-runs.tsv"
      fi
    done
  done
  LOADS[$W]="$l0–$(load)"
  AGREE[$W.userlist]=""
  for n in $TOOLS; do if [ -n "${BEST[$W.$n]}" ]; then AGREE[$W.$n]=$(compare "$n"); else AGREE[$W.$n]="(not run)"; fi; done
  for n in "${NAMES[@]}"; do
    printf '   %-9s runs %s s  best %s s  peak %d MB  %s\n' "$n" "${TIMES[$W.$n]% }" "${BEST[$W.$n]}" $(( RSS[$W.$n] / 1024 )) "${AGREE[$W.$n]}"
  done
done

# ---- the table ----
mb() { echo $(( $1 / 1024 )); }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a / b}'; }
{
  echo "$(basename "$FILE") ($(wc -l < "$FILE") lines, $NUSERS users), $STARTED, $(nproc) CPUs; load average at the start $LOAD_START, at the end $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Best of $RUNS runs (after $WARMUP warm-up), peak RSS the largest of them. userlist ${VER[userlist]}$(for t in $TOOLS; do printf ', %s %s' "$t" "${VER[$t]}"; done)."
  [ -n "$TOOLS" ] && echo "A peer's time includes starting Python and importing it:$(for t in $TOOLS; do printf ' %s %s s,' "$t" "${IMPORT[$t]}"; done | sed 's/,$//') (best of 3, measured before the runs)."
  echo "Each cell: best wall time, peak RSS, and in brackets each divided by the best peer's (the fastest; the smallest): below 1, less than the best peer; above 1, more. Bold: the fastest in the row."
  echo
  hdr="| workload | userlist"; sep="|---|---"
  for n in $TOOLS; do case $n in duckdb) hdr+=" | DuckDB" ;; polars) hdr+=" | Polars" ;; esac; sep+="|---"; done
  echo "$hdr | load (1 min) | peers' answers against userlist's |"
  echo "$sep|---|---|"
  for w in "${WORKLOADS[@]}"; do
    setup "$w" > /dev/null
    bt=""; bm=""; fastest=userlist
    # A peer that sat a workload out (Polars has no collation) counts in no ratio and no bold.
    for n in $TOOLS; do
      [ -n "${BEST[$W.$n]}" ] || continue
      if [ -z "$bt" ] || awk -v a="${BEST[$W.$n]}" -v b="$bt" 'BEGIN{exit !(a < b)}'; then bt=${BEST[$W.$n]}; fi
      if [ -z "$bm" ] || [ "${RSS[$W.$n]}" -lt "$bm" ]; then bm=${RSS[$W.$n]}; fi
    done
    for n in "${NAMES[@]}"; do
      [ -n "${BEST[$W.$n]}" ] || continue
      awk -v a="${BEST[$W.$n]}" -v b="${BEST[$W.$fastest]}" 'BEGIN{exit !(a < b)}' && fastest=$n
    done
    row="| **$W** \`$WHAT\`"
    for n in "${NAMES[@]}"; do
      if [ -z "${BEST[$W.$n]}" ]; then row+=" | not run"; continue; fi
      cell="${BEST[$W.$n]} s"; [ "$n" = "$fastest" ] && cell="**$cell**"
      if [ -n "$bt" ]; then cell+=" ($(ratio "${BEST[$W.$n]}" "$bt")×), $(mb "${RSS[$W.$n]}") MB ($(ratio "${RSS[$W.$n]}" "$bm")×)"
      else cell+=", $(mb "${RSS[$W.$n]}") MB"; fi
      row+=" | $cell"
    done
    agree=""; for n in $TOOLS; do agree+="${agree:+; }$n: ${AGREE[$W.$n]}"; done
    echo "$row | ${LOADS[$W]} | $agree |"
  done
} > "$DATA/peers-table.md"
echo
cat "$DATA/peers-table.md"
echo
echo "(also in $DATA/peers-table.md; every run in $DATA/peers-runs.tsv)"
