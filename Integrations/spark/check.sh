#!/usr/bin/env bash
# Runs the real PySpark job in local mode on a 1M-user international export split into 8 files,
# and checks with cmp that its output equals one userlist run over the same files, for a paged
# query and for a full sorted export; prints the times of both (README: "Past one machine").
#
#   bash Integrations/spark/check.sh
#
# Needs the machine's Java 17 (java on PATH) and Python 3 with venv; PySpark comes from pip into
# Integrations/spark/.venv (gitignored). Data lands in Integrations/spark/data (gitignored).
# Environment: USERLIST (default .build-release/release/userlist, built when missing), MASTER
# (local[2]), COUNT (1000000), PARTS (8), PYSPARK_VERSION (4.0.1). SKIP_WITHOUT_PYSPARK=1 (CI)
# makes a missing Java or a PySpark that can't be installed (PyPI unreachable) a loud SKIPPED
# line and exit 0 instead of a failure; a wrong answer fails either way.
set -euo pipefail
cd "$(dirname "$0")/../.."

USERLIST=${USERLIST:-.build-release/release/userlist}
MASTER=${MASTER:-local[2]}
COUNT=${COUNT:-1000000}
PARTS=${PARTS:-8}
PYSPARK_VERSION=${PYSPARK_VERSION:-4.0.1}
HERE=Integrations/spark
VENV=$HERE/.venv
DATA=$HERE/data

if [ ! -x "$USERLIST" ]; then
  echo "== building $USERLIST"
  swift build -c release --scratch-path .build-release
fi
USERLIST=$(realpath "$USERLIST")
skip() {
  if [ "${SKIP_WITHOUT_PYSPARK:-0}" = 1 ]; then echo "SKIPPED: the PySpark check did not run: $1"; exit 0; fi
  echo "check.sh: $1" >&2; exit 1
}
java -version 2>&1 | head -1 || skip "no java on PATH (PySpark 4 needs Java 17)"
if ! "$VENV/bin/python" -c "import pyspark" 2>/dev/null; then
  echo "== installing PySpark $PYSPARK_VERSION into $VENV"
  python3 -m venv "$VENV" || skip "python3 -m venv failed"
  for attempt in 1 2 3; do
    "$VENV/bin/pip" install --quiet "pyspark==$PYSPARK_VERSION" && break
    [ "$attempt" = 3 ] && skip "pip could not install pyspark==$PYSPARK_VERSION"
    sleep 10
  done
fi
echo "PySpark $("$VENV/bin/python" -c 'import pyspark; print(pyspark.__version__)')"

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
echo "input: $PARTS files, $(cat "${FILES[@]}" | wc -l) lines, $(( $(cat "${FILES[@]}" | wc -c) / 1000000 )) MB; $(nproc) cores; master $MASTER; load $(cut -d' ' -f1-3 /proc/loadavg)"
export USERLIST_SPARK_TIMINGS=1

seconds() { local start=$1; echo "$(( ($(date +%s%N) - start) / 1000000 ))" | awk '{ printf "%.1f", $1 / 1000 }'; }

status=0
check() { # $1 = label, then userlist options
  local label=$1; shift
  local one=$DATA/$label.one spark=$DATA/$label.spark start
  start=$(date +%s%N)
  "$USERLIST" "${FILES[@]}" "$@" -o "$one" 2> "$one.err" || true
  local t_one; t_one=$(seconds "$start")
  start=$(date +%s%N)
  "$VENV/bin/python" "$HERE/userlist_spark.py" --master "$MASTER" --userlist "$USERLIST" --output "$spark" "${FILES[@]}" -- "$@" 2> "$spark.err" || true
  local t_spark; t_spark=$(seconds "$start")
  local same=yes
  cmp -s "$one" "$spark" || same=NO
  # Spark's JVM adds a line of its own; userlist's lines must be the same.
  cmp -s <(grep '^userlist:' "$one.err") <(grep '^userlist:' "$spark.err") || same="$same (warnings differ)"
  [ "$same" = yes ] || status=1
  printf '%-14s one run %6s s   spark %s %6s s   %5.1fx   %s bytes   cmp: %s\n' "$label" "$t_one" "$MASTER" "$t_spark" \
    "$(awk -v a="$t_spark" -v b="$t_one" 'BEGIN { print a / b }')" "$(stat -c %s "$spark" 2>/dev/null || echo 0)" "$same"
  sed -n 's/^userlist_spark.py: /    spark: /p' "$spark.err"
}

check page       --search an --sort name --page 3 -f json
check full-csv   --sort name -f csv
check where-tsv  --where '.address.city | test("^S")' --sort city:desc -f tsv --fields id,name,address.city
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
