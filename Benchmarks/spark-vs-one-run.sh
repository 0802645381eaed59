#!/usr/bin/env bash
# Issue 24's measurement: the Spark job (Integrations/spark/userlist_spark.py, --master local[2])
# against one userlist run over the same files on the same 2 cores, for the three queries of
# README "What it costs": each one's wall time both ways, the ratio, whether the outputs are the
# same bytes (cmp, and the `userlist:` lines), and where the job's time went — the driver's own
# steps and Spark's stage timings (USERLIST_SPARK_TIMINGS=1: start-up, planning and the version
# check, map, after the map, the driver alone; every stage with its wall and task time).
#
#   COUNT=5000000 bash Benchmarks/spark-vs-one-run.sh     # the issue's 5M (on a quiet machine)
#   COUNT=200000 bash Benchmarks/spark-vs-one-run.sh      # a quick try
#
# Environment: COUNT (5000000) international users, generated once (Benchmarks/generate-users.py)
# and split into PARTS (8) files under Integrations/spark/data; USERLIST (the release binary,
# built when missing, as check.sh builds it); MASTER (local[2]); CPUS (0,1): both runs are
# pinned to these cores with taskset when the machine has more than two, so that one run gets
# the job's cores, no more (CPUS= pins nothing); QUERIES (page,full-csv,where-tsv) a subset; RUNS
# (3): each side's best of that many, one run and the job taking turns.
# PySpark comes from Integrations/spark/.venv (check.sh makes it). Exit 1 when an answer
# differs. Needs a quiet machine: the load average is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT=${COUNT:-5000000}
PARTS=${PARTS:-8}
MASTER=${MASTER:-local[2]}
CPUS=${CPUS-0,1}
QUERIES=${QUERIES:-page,full-csv,where-tsv}
RUNS=${RUNS:-3}
USERLIST=${USERLIST:-.build-release/release/userlist}
HERE=Integrations/spark
VENV=$HERE/.venv
DATA=$HERE/data
PYSPARK_VERSION=${PYSPARK_VERSION:-4.0.1}

if [ ! -x "$USERLIST" ]; then
  echo "== building $USERLIST"
  (ulimit -v 10000000; swift build -c release --scratch-path .build-release)
fi
USERLIST=$(realpath "$USERLIST")
java -version 2>&1 | head -1
if ! "$VENV/bin/python" -c "import pyspark" 2>/dev/null; then
  echo "== installing PySpark $PYSPARK_VERSION into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "pyspark==$PYSPARK_VERSION"
fi

mkdir -p "$DATA"
EXPORT=$DATA/users-intl-$COUNT.ndjson
if [ ! -s "$EXPORT" ]; then
  echo "== generating $EXPORT"
  python3 Benchmarks/generate-users.py --count "$COUNT" --names international --out "$EXPORT"
fi
FILES=()
for i in $(seq 1 "$PARTS"); do FILES+=("$DATA/part-$i-of-$PARTS-$COUNT.ndjson"); done
if [ ! -s "${FILES[-1]}" ]; then
  ( cd "$DATA" && rm -f split-* && split -n "l/$PARTS" -d -a 2 "$(basename "$EXPORT")" split-
    i=1; for f in split-*; do mv "$f" "part-$i-of-$PARTS-$COUNT.ndjson"; i=$((i + 1)); done )
fi

PIN=()
if [ -n "$CPUS" ] && [ "$(nproc --all)" -gt 2 ] && command -v taskset > /dev/null; then PIN=(taskset -c "$CPUS"); fi
echo "input: $PARTS files, $(cat "${FILES[@]}" | wc -l) lines, $(( $(cat "${FILES[@]}" | wc -c) / 1000000 )) MB; $(nproc --all) cores${PIN:+, both runs pinned to cores $CPUS}; master $MASTER; $("$USERLIST" --version)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

status=0
now() { date +%s%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'; }
best() { # the smaller of two nanosecond counts ($1 empty: $2)
  if [ -z "$1" ] || [ "$2" -lt "$1" ]; then echo "$2"; else echo "$1"; fi
}
measure() { # $1 = label, then userlist options
  local label=$1; shift
  [[ ",$QUERIES," == *",$label,"* ]] || return 0
  local one=$DATA/$label.one spark=$DATA/$label.spark start middle end same=yes oneBest= jobBest= run
  # Best of RUNS, one run and the job taking turns (the machine's speed moves between runs); every
  # run's output is compared, and the last job's timings are shown.
  for run in $(seq 1 "$RUNS"); do
    rm -f "$one" "$spark"
    start=$(now)
    "${PIN[@]}" "$USERLIST" "${FILES[@]}" "$@" -o "$one" 2> "$one.err" || true
    middle=$(now)
    USERLIST_SPARK_TIMINGS=1 "${PIN[@]}" "$VENV/bin/python" "$HERE/userlist_spark.py" --master "$MASTER" --userlist "$USERLIST" \
      --output "$spark" "${FILES[@]}" -- "$@" 2> "$spark.err" || true
    end=$(now)
    cmp -s "$one" "$spark" || same=NO
    cmp -s <(grep "^userlist:" "$one.err") <(grep "^userlist:" "$spark.err") || [[ "$same" == *"warnings differ"* ]] || same="$same (warnings differ)"
    oneBest=$(best "$oneBest" $((middle - start)))
    jobBest=$(best "$jobBest" $((end - middle)))
  done
  [[ "$same" == yes ]] || status=1
  printf '%-10s one run %6s s   job %s %6s s   %5.1fx   %s bytes   cmp: %s   (best of %s each)\n' "$label" "$(seconds 0 "$oneBest")" "$MASTER" \
    "$(seconds 0 "$jobBest")" "$(awk -v a="$jobBest" -v b="$oneBest" 'BEGIN { print a / b }')" \
    "$(stat -c %s "$spark" 2>/dev/null || echo 0)" "$same" "$RUNS"
  echo "    userlist $*"
  sed -n 's/^userlist_spark.py: /    /p' "$spark.err"
}

measure page       --search an --sort name --page 3 -f json
measure full-csv   --sort name -f csv
measure where-tsv  --where '.address.city | test("^S")' --sort city:desc -f tsv --fields id,name,address.city
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
