#!/usr/bin/env bash
# Runs the real PySpark job and checks it against one userlist run with cmp (standard output,
# the `userlist:` lines of standard error, the exit code, the -o and --summary files, and the
# part files of --output-dir), in four parts (README: "Past one machine"):
#   1. small exports of bytes a text pipe can't carry (invalid UTF-8, NUL, a lone \r, CRLF), and a
#      page that must run again with every match sent (a map's best repeats an earlier id);
#   2. every option the README lists and every format, over skewed shards (an empty file, gzip,
#      ids repeated across files, CRLF, bad lines, a file Spark splits in two, a name with `,`
#      and `[`), with a relative --userlist the job ships itself; --rejects files; full exports
#      written as part files (--output-dir) whose concatenation is one run's output; the stages'
#      environment;
#   3. failures, each one line with its exit code: a missing binary, an executor's binary of
#      another version, a truncated .gz named with `,` and `[`, a stage killed by SIGKILL (in
#      local mode), an input that does not exist, a bad option, --max-rejects past N with part files;
#      and a local job's JVM class archive: made, used, a damaged one replaced, and its launch
#      without spark-submit (userlist_spark_local.py);
#   4. a COUNT-user international export split into PARTS files, in local mode: a paged query, a
#      full sorted export and a --where export, with the times of both and where the job's went
#      (Benchmarks/spark-vs-one-run.sh, which is also the measurement on its own).
#
#   bash Integrations/spark/check.sh                 # local[2]
#   CLUSTER=1 bash Integrations/spark/check.sh       # parts 1-3 on a standalone cluster (CI)
#
# CLUSTER=1 starts a standalone master and one worker (2 cores) on 127.0.0.1 from the pip
# PySpark package (spark-class org.apache.spark.deploy.master.Master / worker.Worker), submits
# parts 1-3 with spark-submit to it, and stops both at the end; their logs are in
# Integrations/spark/data/cluster. The 5M measurement of issue 24, alone (release binary, local[2],
# both runs pinned to two cores):
#   COUNT=5000000 bash Benchmarks/spark-vs-one-run.sh
#
# Needs the machine's Java 17 (java on PATH) and Python 3 with venv; PySpark comes from pip into
# Integrations/spark/.venv (gitignored). Data lands in Integrations/spark/data (gitignored).
# Environment: USERLIST (default .build-release/release/userlist, built when missing), MASTER
# (local[2]; with CLUSTER=1 the cluster's), COUNT (1000000), PARTS (8), PYSPARK_VERSION (4.0.1), BYTES_ONLY=1 (part 1 only),
# OPTIONS_ONLY=1 (parts 1-3), ONLY=REGEX (parts 1-3: only the checks whose label matches, say
# ONLY='^rejects' or ONLY='parts|killed'). SKIP_WITHOUT_PYSPARK=1 (CI) makes a missing Java or a PySpark that
# can't be installed (PyPI unreachable) a loud SKIPPED line and exit 0 instead of a failure; a
# wrong answer fails either way.
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
status=0
# ONLY=REGEX: the checks of parts 1-3 whose label matches (the others say nothing).
wanted() { [ -z "${ONLY:-}" ] || [[ $1 =~ $ONLY ]]; }
LOCAL_MASTER=$MASTER
# The job as a user starts it: the script with --master (a client-mode submission), and for
# the part files, whose output is not standard output, spark-submit (its Python runner merges
# the driver's standard error into standard output, README: Past one machine).
JOB=("$VENV/bin/python" "$HERE/userlist_spark.py" --master "$MASTER")
PARTS_JOB=("${JOB[@]}")
if [ "${CLUSTER:-0}" = 1 ]; then
  SPARK_HOME=$("$VENV/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
  CLUSTER_DIR=$DATA/cluster
  rm -rf "$CLUSTER_DIR"; mkdir -p "$CLUSTER_DIR/work"
  free_port() { "$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
  MASTER_PORT=$(free_port)
  # The master and worker log at Spark's default INFO (their logs say when the worker is in);
  # the submitted jobs at ERROR (log4j2.properties here).
  export SPARK_LOCAL_IP=127.0.0.1 SPARK_HOME PYSPARK_PYTHON=$(realpath "$VENV/bin/python")
  "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$MASTER_PORT" \
    --webui-port "$(free_port)" > "$CLUSTER_DIR/master.log" 2>&1 &
  master_pid=$!
  "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 2 --memory 2g \
    --webui-port "$(free_port)" --work-dir "$CLUSTER_DIR/work" "spark://127.0.0.1:$MASTER_PORT" > "$CLUSTER_DIR/worker.log" 2>&1 &
  worker_pid=$!
  # Stopped at exit. A JVM ended by SIGTERM exits 143, which `wait` returns; under set -e a
  # failing command in the EXIT trap ends the script with its status: every check passed, and
  # check.sh ended 143 as if killed by SIGTERM. `|| true`: the script's own status stands.
  stop_cluster() {
    kill "$worker_pid" "$master_pid" 2>/dev/null || true
    wait "$worker_pid" "$master_pid" 2>/dev/null || true
  }
  trap stop_cluster EXIT
  for _ in $(seq 1 120); do grep -qs "Successfully registered with master" "$CLUSTER_DIR/worker.log" && break; sleep 1; done
  grep -q "Successfully registered with master" "$CLUSTER_DIR/worker.log" || { tail -5 "$CLUSTER_DIR"/*.log; echo "check.sh: the standalone worker did not register in 120 s" >&2; exit 1; }
  export SPARK_CONF_DIR=$HERE
  MASTER=spark://127.0.0.1:$MASTER_PORT
  JOB=("$VENV/bin/python" "$HERE/userlist_spark.py" --master "$MASTER")
  PARTS_JOB=("$SPARK_HOME/bin/spark-submit" --master "$MASTER" "$HERE/userlist_spark.py")
  echo "standalone cluster: master $MASTER, one worker (2 cores); the part files through spark-submit"
fi

# Bytes a text pipe can't carry (issue 18): invalid UTF-8, NUL bytes, a lone \r and \r\n line
# ends between good lines. The job must hand userlist each line's exact bytes and answer as one
# run: the same standard output (cmp), the same `userlist:` lines on standard error (one run's
# error with its place, or --skip-bad-json's rejects), the same exit code.
BYTES=$DATA/bytes
mkdir -p "$BYTES"
good() { printf '{"id":%s,"name":"%s","email":"%s@example.com"}\n' "$1" "$2" "$(echo "$2" | tr 'A-Z' 'a-z')"; }
{ good 1 Ann; printf '{"id":2,"name":"Invalid \377 byte"}\n'; good 3 Cy; } > "$BYTES/invalid-utf8.ndjson"
{ good 1 Ann; printf '{"id":2,"name":"B\ro"}\n'; good 3 Cy; } > "$BYTES/lone-cr-in-string.ndjson"
{ good 1 Ann; printf '{"id":2,"name":"NUL \000 in a string"}\n'; good 3 Cy; } > "$BYTES/nul.ndjson"
{ good 1 Ann | sed 's/$/\r/'; printf '{"id":2,"name":"Bo \300\257"}\r\n'; good 3 Cy; } > "$BYTES/crlf-then-overlong.ndjson"
# Lines cut short: one in the middle ("record cut off at the end of its line", in one run's
# words) and the last ("unexpected end of input").
{ good 1 Ann; printf '{"id":2,"name":"Bo\n'; good 3 Cy; printf '{"id":4,"na\n'; } > "$BYTES/cut-lines.ndjson"
# Each odd line after two good ones: an NDJSON export, as one run finds it (most of its first
# lines whole documents) and as the job requires.
odd=(
  '{"id":2,"name":"Overlong \300\257 slash"}' '{"id":4,"name":"Cut \344\270"}' '{"id":6,"name":"Surrogate \355\240\200"}'
  '{"id":8,"name":"Back\\\\slash \\u00e9 \\x41 \377"}' '{"id":10,"name":"Fay"}\377' '\377\376' '\000'
  '{"id":14,"name":"Hal \000"}' '{"id":16,"name":"Jo"}\r{"id":17,"name":"Kim"}\r' '{"id":18,"name":"L\rm"}'
  '\357\273\277{"id":20,"name":"A BOM in the middle"}' '{"id":22,"name":"Ned \377"}' '{"id":24,"name":"Cut sho'
)
{ n=100; for line in "${odd[@]}"; do good $n "Pad$n"; good $((n + 50)) "Pad$((n + 50))"; printf "$line\\n"; n=$((n + 1)); done; good $n "Pad$n"; } > "$BYTES/mixed.ndjson"
# A page where one map's best repeats an id an earlier file holds: the map holds Bob and Cat
# back, dedupe drops its best (Aaron, id 1 after Zed), so the merge can't settle the page (exit
# 75) and the job runs again with every match sent: Bob, as one run says.
{ good 1 Zed; } > "$BYTES/repeat-first.ndjson"
{ good 1 Aaron; good 2 Bob; good 3 Cat; } > "$BYTES/repeat-later.ndjson"
check_bytes() { # $1 = label, $2 = input file (or files, joined by :), then userlist options
  wanted "$1" || return 0
  local label=$1 files; IFS=: read -ra files <<< "$2"; shift 2
  local one=$BYTES/$label.one spark=$BYTES/$label.spark one_code=0 spark_code=0 same=yes
  "$USERLIST" "${files[@]}" "$@" > "$one" 2> "$one.err" || one_code=$?
  "${JOB[@]}" --userlist "$USERLIST" --output - "${files[@]}" -- "$@" > "$spark" 2> "$spark.err" || spark_code=$?
  cmp -s "$one" "$spark" || same=NO
  cmp -s <(grep '^userlist:' "$one.err") <(grep '^userlist:' "$spark.err") || same="$same (standard error differs)"
  [ "$one_code" = "$spark_code" ] || same="$same (exit $one_code, spark $spark_code)"
  printf '%-26s exit %s  %3s userlist: lines  %4s bytes   cmp: %s\n' "$label" "$one_code" "$(grep -c '^userlist:' "$one.err")" "$(stat -c %s "$one")" "$same"
  if [ "$same" != yes ]; then
    status=1
    diff <(grep '^userlist:' "$one.err") <(grep '^userlist:' "$spark.err") | sed 's/^/    /' || true
  fi
}
check_bytes invalid-utf8         "$BYTES/invalid-utf8.ndjson"
check_bytes invalid-utf8-skipped "$BYTES/invalid-utf8.ndjson" --skip-bad-json -f csv
check_bytes lone-cr-in-string    "$BYTES/lone-cr-in-string.ndjson" -f ndjson
check_bytes nul                  "$BYTES/nul.ndjson" -f ndjson
check_bytes crlf-then-overlong   "$BYTES/crlf-then-overlong.ndjson" -f ndjson
check_bytes cut-lines            "$BYTES/cut-lines.ndjson" -f csv
check_bytes cut-lines-skipped    "$BYTES/cut-lines.ndjson" --skip-bad-json -f csv
check_bytes mixed-skipped        "$BYTES/mixed.ndjson" --skip-bad-json --sort name -f csv
check_bytes mixed-strict         "$BYTES/mixed.ndjson" --skip-bad-json --strict -f tsv
check_bytes page-best-repeated   "$BYTES/repeat-first.ndjson:$BYTES/repeat-later.ndjson" --sort name --page 1 --page-size 1 -f csv
[ "${BYTES_ONLY:-0}" = 1 ] && { echo "check.sh: $SECONDS s"; exit $status; }

# Every option the README lists, through the job (issue 24), over skewed shards: an empty file, a
# gzip one, ids repeated across shards, CRLF line ends, bad lines, and a name with `,` and `[`
# (a path, never a glob). The binary is named by a relative path: the job ships it. @SUMMARY@,
# @OUT@ and @REJECTS@ stand for a file of each run's own (the summaries' "seconds" differ, and
# "bytes" with the .gz; the rest must not, and the rejects files are compared as they are).
SHARDS=$DATA/shards
if [ ! -s "$SHARDS/.done" ]; then
  rm -rf "$SHARDS"; mkdir -p "$SHARDS"
  python3 Benchmarks/generate-users.py --count 30000 --names international --out "$SHARDS/all.tmp" > /dev/null
  # 10 MB: Spark splits it in two (local[2]); the second split's lines get their numbers in the
  # merge, from the first's count: a bad line and a record with no id near its end say whether
  # they are right. (Bad lines that are not cut off: a line cut off inside its document is worded
  # differently by the map stage, README "Where it differs from one run".)
  { head -n 24000 "$SHARDS/all.tmp"; printf '{"id":"bad" "name":"A"}\n{"name":"No Id"}\n'; sed -n '24001,25000p' "$SHARDS/all.tmp"; } > "$SHARDS/1-first.ndjson"
  : > "$SHARDS/2-empty.ndjson"
  sed -n '25001,26500p' "$SHARDS/all.tmp" | gzip -c > "$SHARDS/3-gzip.ndjson.gz"
  # Ids seen before (a later occurrence loses), with CRLF line ends, and bad lines.
  { sed -n '2001,2600p' "$SHARDS/all.tmp"; printf '{"id":"bad",, "name":"B"}\n{"name":"No Id"}\n'; sed -n '26501,28000p' "$SHARDS/all.tmp"; } | sed 's/$/\r/' > "$SHARDS/4-dupes,crlf[bad].ndjson"
  sed -n '28001,30000p' "$SHARDS/all.tmp" > "$SHARDS/5-last.ndjson"
  rm "$SHARDS/all.tmp"; touch "$SHARDS/.done"
fi
SHARD_FILES=("$SHARDS"/[0-9]*)
RELATIVE_USERLIST=$(realpath --relative-to=. "$USERLIST")
check_options() { # $1 = label, then userlist options (@SUMMARY@, @OUT@, @REJECTS@ replaced)
  wanted "$1" || return 0
  local label=$1; shift
  local one=$SHARDS/$label.one spark=$SHARDS/$label.spark one_code=0 spark_code=0 same=yes
  rm -f "$one"* "$spark"*
  local one_options=("${@//@SUMMARY@/$one.summary}") spark_options=("${@//@SUMMARY@/$spark.summary}")
  one_options=("${one_options[@]//@OUT@/$one.out}"); spark_options=("${spark_options[@]//@OUT@/$spark.out}")
  one_options=("${one_options[@]//@REJECTS@/$one.rejects}"); spark_options=("${spark_options[@]//@REJECTS@/$spark.rejects}")
  local inputs=("${SHARD_FILES[@]}")
  [ -z "${INPUTS:-}" ] || read -r -a inputs <<< "$INPUTS"
  "$USERLIST" "${inputs[@]}" "${one_options[@]}" > "$one" 2> "$one.err" || one_code=$?
  "${JOB[@]}" --userlist "$RELATIVE_USERLIST" "${inputs[@]}" -- \
    "${spark_options[@]}" > "$spark" 2> "$spark.err" || spark_code=$?
  cmp -s "$one" "$spark" || same=NO
  cmp -s <(grep '^userlist:' "$one.err") <(grep '^userlist:' "$spark.err") || same="$same (standard error differs)"
  for extra in summary out; do
    [ -e "$one.$extra" ] || [ -e "$spark.$extra" ] || continue
    # "bytes" differs with a .gz among the inputs: one run counts the file's bytes, the job the
    # lines' (README: Where it differs from one run).
    cmp -s <(sed 's/"seconds":[0-9.e-]*//; s/"bytes":[0-9]*//' "$one.$extra" 2>&1) <(sed 's/"seconds":[0-9.e-]*//; s/"bytes":[0-9]*//' "$spark.$extra" 2>&1) || same="$same ($extra differs)"
  done
  if [ -e "$one.rejects" ] || [ -e "$spark.rejects" ]; then
    cmp -s "$one.rejects" "$spark.rejects" 2>/dev/null || same="$same (rejects differ)"
  fi
  [ "$one_code" = "$spark_code" ] || same="$same (exit $one_code, spark $spark_code)"
  printf '%-18s exit %s  %3s userlist: lines  %6s bytes   cmp: %s\n' "$label" "$one_code" "$(grep -c '^userlist:' "$one.err")" "$(stat -c %s "$one")" "$same"
  if [ "$same" != yes ]; then
    status=1
    diff <(grep '^userlist:' "$one.err") <(grep '^userlist:' "$spark.err") | head -5 | sed 's/^/    /' || true
    grep -v '^userlist:' "$spark.err" | grep -v '^WARNING: Using incubator' | head -5 | sed 's/^/    spark: /' || true
  fi
}
echo "options: ${#SHARD_FILES[@]} shards (an empty one, gzip, repeated ids, CRLF, bad lines, a name with , and [), --userlist $RELATIVE_USERLIST"
check_options summary-page   --skip-bad-json --search an --sort name --page 2 --page-size 7 -f json --summary @SUMMARY@
check_options count          --skip-bad-json --search er --count
check_options page-past-end  --skip-bad-json --sort name --page 9999 --page-size 50 -f json
check_options full-csv-out   --skip-bad-json --sort city:desc -f csv -o @OUT@ --summary @SUMMARY@
check_options tsv-fields     --skip-bad-json --sort email -f tsv --fields id,name,address.city,company.name
check_options ndjson-stream  --skip-bad-json -f ndjson
check_options table          --skip-bad-json --sort name --page 3 --page-size 10 -f table --no-header
check_options where-arg      --skip-bad-json --where '.address.city | startswith($c)' --arg c S --sort id -f csv --limit 40
check_options jq-out         --skip-bad-json --sort name --page 1 --page-size 5 --jq-out '.items[].title' -r
# Sorted: a streamed one run that fails has written the rows of the 4 MiB chunks before the
# error, the job only the earlier inputs' (README: Where it differs from one run).
check_options strict         --skip-bad-json --strict --sort name -f csv
check_options bad-json       --sort name -f json
check_options summary-stderr --skip-bad-json --sort name --page 1 -f json --summary -
check_options markdown       --skip-bad-json --search an --sort name --page 2 --page-size 20 -f markdown
# The page's header says when it was made: SOURCE_DATE_EPOCH fixes it for both, as for a
# reproducible report (the one run and the job's merge stage would be seconds apart).
SOURCE_DATE_EPOCH=1764115200 check_options html --skip-bad-json --search er --sort email:desc --page 1 --page-size 25 -f html
# --rejects: every record that did not become a user, one run's file byte for byte (in order of
# position, the line numbers of the split Spark cut in two resolved); on exit 65 both hold the
# rejects before the error (none here: the bad line comes before the record with no id).
check_options rejects-page    --skip-bad-json --search an --sort name --page 2 --page-size 7 -f json --rejects @REJECTS@
check_options rejects-full    --skip-bad-json --sort city:desc -f tsv -o @OUT@ --rejects @REJECTS@ --summary @SUMMARY@
check_options rejects-failed  --sort name -f csv --rejects @REJECTS@
# A --where error (exit 65, user 27000 in the CRLF file): the rejects up to the end of its input,
# then its user as one run's last line (the canonical user of the fields the run decoded).
check_options rejects-where   --skip-bad-json --where 'if .id == "27000" then error("no 27000") else true end' --sort name -f csv --rejects @REJECTS@
# --max-rejects N: the shards hold 4 rejects (a bad line and a record with no id near the end of
# the split file, and again in the CRLF file). 4 passes; 2 and 3 fail (exit 65) at the third and
# fourth, one run's line naming that reject, the warnings of the rejects before it, -o left
# alone (not written), and the rejects file up to it. Without --skip-bad-json the bad line is
# the error and no reject comes before it: --max-rejects 0 does not change the answer.
check_options max-rejects-pass  --skip-bad-json --max-rejects 4 --sort name -f csv -o @OUT@ --rejects @REJECTS@ --summary @SUMMARY@
check_options max-rejects-page  --skip-bad-json --max-rejects 2 --search an --sort name --page 2 --page-size 7 -f json --rejects @REJECTS@
check_options max-rejects-out   --skip-bad-json --max-rejects 3 --sort city:desc -f csv -o @OUT@
check_options max-rejects-count --skip-bad-json --max-rejects 3 --count
check_options max-rejects-bad   --max-rejects 0 --sort name -f tsv --rejects @REJECTS@
# The --where error's user (in the CRLF file, after its two rejects) is the fifth reject.
check_options max-rejects-where --skip-bad-json --max-rejects 4 --where 'if .id == "27000" then error("no 27000") else true end' --sort name -f csv --rejects @REJECTS@
# How the job reads (issue 24): a file the executors open by path is cut into byte ranges by
# its size and `stage map --range` reads each itself (no line through Spark or Python); a
# compressed one is one task reading it whole. Ranges of ~1 MB (spark.sql.files.maxPartitionBytes):
# the 10 MB shard in ten, cut inside lines, its bad line and rejects in a later range (their line
# numbers resolved by the merge). zstd, xz and bzip2 files, which one run reads and Hadoop's text
# source would not (zstd, xz) or would by name only, read as one run reads them. Then the
# Hadoop path (USERLIST_SPARK_READER=hadoop: Spark's text source, lines through the Python
# worker), kept for hdfs:// and s3a:// inputs, over the same shards.
SMALL_RANGES="--conf spark.sql.files.maxPartitionBytes=1000000 --conf spark.sql.files.openCostInBytes=100000 pyspark-shell"
PYSPARK_SUBMIT_ARGS=$SMALL_RANGES check_options ranges-rejects --skip-bad-json --sort name -f csv -o @OUT@ --rejects @REJECTS@ --summary @SUMMARY@
PYSPARK_SUBMIT_ARGS=$SMALL_RANGES check_options ranges-bad-json --sort email -f json
PYSPARK_SUBMIT_ARGS=$SMALL_RANGES check_options ranges-page --skip-bad-json --search er --sort name --page 4 --page-size 9 -f tsv
mkdir -p "$SHARDS/compressed"
for tool in zstd xz bzip2; do
  [ -s "$SHARDS/compressed/5-last.$tool" ] || "$tool" -c < "$SHARDS/5-last.ndjson" > "$SHARDS/compressed/5-last.$tool"
done
INPUTS="$SHARDS/compressed/5-last.zstd $SHARDS/1-first.ndjson $SHARDS/compressed/5-last.xz $SHARDS/compressed/5-last.bzip2" \
  check_options compressed --skip-bad-json --sort name -f csv --rejects @REJECTS@
USERLIST_SPARK_READER=hadoop check_options hadoop-rejects --skip-bad-json --sort city:desc -f tsv -o @OUT@ --rejects @REJECTS@
USERLIST_SPARK_READER=hadoop check_options hadoop-page --skip-bad-json --search an --sort name --page 2 --page-size 7 -f json
# Full exports as part files (--output-dir): `cat part-*` must be one run's output byte for byte,
# _SUCCESS written, _summary.json one run's summary (but "seconds", and "bytes" with the .gz),
# and --summary FILE after -- the same; nothing else in the directory. --partitions 3: more
# sorted partitions than the 2 cores.
check_parts() { # $1 = label, then userlist options (@REJECTS@ replaced)
  wanted "$1" || return 0
  local label=$1; shift
  local one=$SHARDS/$label.one spark=$SHARDS/$label.parts one_code=0 spark_code=0 same=yes
  rm -rf "$one"* "$spark"*
  "$USERLIST" "${SHARD_FILES[@]}" "${@//@REJECTS@/$one.rejects}" --summary "$one.summary" > "$one" 2> "$one.err" || one_code=$?
  "${PARTS_JOB[@]}" --userlist "$RELATIVE_USERLIST" --partitions 3 --output-dir "$spark" "${SHARD_FILES[@]}" -- \
    "${@//@REJECTS@/$spark.rejects}" --summary "$spark.summary" > "$spark.err" 2>&1 || spark_code=$?
  cat "$spark"/part-* 2>/dev/null | cmp -s "$one" - || same=NO
  if [ -e "$one.rejects" ] || [ -e "$spark.rejects" ]; then
    cmp -s "$one.rejects" "$spark.rejects" 2>/dev/null || same="$same (rejects differ)"
  fi
  [ -e "$spark/_SUCCESS" ] || same="$same (no _SUCCESS)"
  cmp -s <(grep '^userlist:' "$one.err") <(grep '^userlist:' "$spark.err") || same="$same (standard error differs)"
  local strip='s/"seconds":[0-9.e-]*//; s/"bytes":[0-9]*//'
  cmp -s <(sed "$strip" "$one.summary") <(sed "$strip" "$spark/_summary.json" 2>&1) || same="$same (_summary.json differs)"
  cmp -s "$spark.summary" "$spark/_summary.json" || same="$same (--summary is not _summary.json)"
  local others; others=$(cd "$spark" 2>/dev/null && ls -A | grep -Ev '^(part-[0-9]{5}\.[a-z]+|_SUCCESS|_summary\.json|\..*\.crc)$' || true)
  [ -z "$others" ] || same="$same (also in the directory: $others)"
  [ "$one_code" = "$spark_code" ] || same="$same (exit $one_code, spark $spark_code)"
  printf '%-18s exit %s  %3s userlist: lines  %6s bytes in %s parts   cmp: %s\n' "$label" "$one_code" "$(grep -c '^userlist:' "$one.err")" \
    "$(stat -c %s "$one")" "$(ls "$spark" 2>/dev/null | grep -c '^part-' || true)" "$same"
  if [ "$same" != yes ]; then
    status=1
    grep -v '^WARNING: Using incubator' "$spark.err" | head -5 | sed 's/^/    spark: /' || true
  fi
}
check_parts parts-csv    --skip-bad-json --sort city:desc -f csv
check_parts parts-json   --skip-bad-json --search an --sort name -f json --rejects @REJECTS@
check_parts parts-ndjson --skip-bad-json --where '.address.city | startswith("S")' -f ndjson
check_parts parts-max-rejects --skip-bad-json --max-rejects 4 --sort email -f tsv --rejects @REJECTS@
# The stages see only what userlist needs of the environment: the driver's other variables are
# not in jq's $ENV, unless named with --env (then as one run sees them).
env_check() { # $1 = label, $2 = what one run's environment lacks or has, then spark options
  wanted "$1" || return 0
  local label=$1 one_env=$2; shift 2
  local one=$SHARDS/$label.one spark=$SHARDS/$label.spark same=yes
  env $one_env "$USERLIST" "${SHARD_FILES[@]}" --skip-bad-json --where '$ENV.USERLIST_CHECK_SECRET == null' --count > "$one" 2>/dev/null || true
  USERLIST_CHECK_SECRET=s3 "${JOB[@]}" --userlist "$RELATIVE_USERLIST" "$@" "${SHARD_FILES[@]}" -- \
    --skip-bad-json --where '$ENV.USERLIST_CHECK_SECRET == null' --count > "$spark" 2>/dev/null || true
  cmp -s "$one" "$spark" || { same=NO; status=1; }
  printf '%-18s one run %s, spark %s   cmp: %s\n' "$label" "$(cat "$one")" "$(cat "$spark")" "$same"
}
env_check env-not-passed "-u USERLIST_CHECK_SECRET"
env_check env-passed     "USERLIST_CHECK_SECRET=s3" --env USERLIST_CHECK_SECRET

# Failures: one line on standard error (besides the JVM's own WARNING line), no traceback, and the
# documented exit code.
FAIL=$DATA/failures
mkdir -p "$FAIL"
printf '#!/bin/sh\n[ "$1 $2" = "stage map" ] && kill -9 $$\nexec %s "$@"\n' "$USERLIST" > "$FAIL/killed-userlist"
# Another version wherever it is shipped to (the executors run a copy, not this path).
printf '#!/bin/sh\n[ "$0" != %s ] && [ "$1" = --version ] && { echo 0.0.1; exit 0; }\nexec %s "$@"\n' "$(realpath "$FAIL")/other-version-userlist" "$USERLIST" > "$FAIL/other-version-userlist"
chmod +x "$FAIL"/*-userlist
head -c 30000 "$SHARDS/3-gzip.ndjson.gz" > "$FAIL/cut,[short].ndjson.gz"
check_failure() { # $1 = label, $2 = expected exit, $3 = expected line (a grep -E pattern), then job arguments
  wanted "$1" || return 0
  local label=$1 expected=$2 pattern=$3; shift 3
  local code=0 err=$FAIL/$label.err verdict=yes
  local job=("${JOB[@]}")
  if [ "$1" = --local ]; then job=("$VENV/bin/python" "$HERE/userlist_spark.py" --master "$LOCAL_MASTER"); shift; fi
  "${job[@]}" "$@" > /dev/null 2> "$err" || code=$?
  local lines; lines=$(grep -v '^WARNING: Using incubator modules' "$err" | grep -c . || true)
  [ "$code" = "$expected" ] || verdict="NO (exit $code)"
  [ "$lines" = 1 ] || verdict="$verdict ($lines lines)"
  grep -Eq "$pattern" "$err" || verdict="$verdict (not the expected line)"
  [ "$verdict" = yes ] || status=1
  printf '%-18s exit %s  %s   as expected: %s\n' "$label" "$code" "$(grep -v '^WARNING: Using incubator' "$err" | head -1)" "$verdict"
  [ "$verdict" = yes ] || sed 's/^/    /' "$err" | head -20
}
check_failure missing-binary 66 '^userlist_spark.py: --userlist .*no/such/userlist: No such file' \
  --userlist no/such/userlist "${SHARD_FILES[0]}" -- -f csv
check_failure wrong-version 64 '^userlist_spark.py: userlist on executor .* is version 0.0.1, the driver.s is ' \
  --userlist "$FAIL/other-version-userlist" "${SHARD_FILES[0]}" -- -f csv
check_failure truncated-gzip 65 "^userlist: $FAIL/cut,\\[short\\].ndjson.gz: gzip: the compressed data ends early" \
  --userlist "$RELATIVE_USERLIST" "$FAIL/cut,[short].ndjson.gz" -- -f csv
USERLIST_SPARK_READER=hadoop check_failure truncated-gzip-hadoop 65 "^userlist: $FAIL/cut,\\[short\\].ndjson.gz: gzip: the compressed data ends early" \
  --userlist "$RELATIVE_USERLIST" "$FAIL/cut,[short].ndjson.gz" -- -f csv
check_failure killed-task 137 '^userlist_spark.py: userlist stage map was killed by SIGKILL \(signal 9\)' \
  --local --userlist "$FAIL/killed-userlist" "${SHARD_FILES[@]}" -- --skip-bad-json --sort name -f csv
# A local job keeps the JVM's classes between jobs (userlist_spark_local.py): the first job saves
# the archive (named by its size), the next maps that same file, one cut short is replaced by
# the job after it (the JVM would die of SIGBUS mapping it); one run's answer every time. The
# job that maps the archive also keeps the JVM's command line (launch-KEY.json) and its whole
# environment (early-KEY.json), and the next starts that JVM before pyspark is imported, without
# Spark's launcher (the early file unchanged: a JVM PySpark had to start itself rewrites it). The
# files are readable by their owner only and hold no variable of the job's own environment.
check_class_archive() {
  wanted class-archive || return 0
  local cache=$FAIL/cache one=$FAIL/class-archive.one verdict=yes round archive before= launch launched= early started=
  rm -rf "$cache"
  "$USERLIST" "${SHARD_FILES[@]}" --skip-bad-json --sort name -f csv > "$one" 2>/dev/null || true
  for round in made used direct damaged; do
    if [ "$round" = damaged ]; then  # a new file under the old name: the last job's JVM may still map the old one
      head -c 4096 "$archive" > "$archive.cut" && mv "$archive.cut" "$archive"
    fi
    env -u SPARK_CONF_DIR XDG_CACHE_HOME="$cache" USERLIST_CHECK_SECRET="secret-$$" "$VENV/bin/python" "$HERE/userlist_spark.py" --master "$LOCAL_MASTER" \
      --userlist "$RELATIVE_USERLIST" --output - "${SHARD_FILES[@]}" -- --skip-bad-json --sort name -f csv \
      > "$FAIL/class-archive.$round" 2>/dev/null || verdict="NO ($round: exit $?)"
    cmp -s "$one" "$FAIL/class-archive.$round" || verdict="$verdict ($round: another answer)"
    archive=$(ls "$cache"/userlist/spark/jvm-*.jsa 2>/dev/null || true)
    [ "$(echo "$archive" | grep -c .)" = 1 ] && [[ $archive == *-$(stat -c %s "$archive" 2>/dev/null).jsa ]] ||
      verdict="$verdict ($round: not one whole archive: ${archive:-none})"
    [ "$round" != made ] && [ "$round" != damaged ] && [ "$(stat -c %i "$archive")" != "$before" ] && verdict="$verdict ($round: written again)"
    before=$(stat -c %i "$archive" 2>/dev/null || true)
    launch=$(ls "$cache"/userlist/spark/launch-*.json 2>/dev/null || true)
    early=$(ls "$cache"/userlist/spark/early-*.json 2>/dev/null || true)
    case $round in
      made) [ -z "$launch$early" ] || verdict="$verdict (made: a launch file while the archive was written)" ;;
      used) [ "$(echo "$launch" | grep -c .)" = 1 ] && grep -q '"org.apache.spark.deploy.SparkSubmit"' "$launch" ||
              verdict="$verdict (used: not one launch file: ${launch:-none})"
            [ "$(echo "$early" | grep -c .)" = 1 ] && grep -q '"org.apache.spark.deploy.SparkSubmit"' "$early" ||
              verdict="$verdict (used: not one early file: ${early:-none})"
            launched=$(stat -c %i "$launch" 2>/dev/null || true)
            started=$(stat -c %i "$early" 2>/dev/null || true)
            # The files keep a JVM's command line: its owner's to read, and none of the job's environment but Spark's.
            [ "$(stat -c %a "$launch" "$early" 2>/dev/null | sort -u)" = 600 ] || verdict="$verdict (used: launch files readable by others)"
            ! grep -q "secret-$$" "$launch" "$early" 2>/dev/null || verdict="$verdict (used: the job's environment copied into the launch files)" ;;
      direct) [ "$(stat -c %i "$launch" 2>/dev/null)" = "$launched" ] || verdict="$verdict (direct: the launch file written again)"
              [ "$(stat -c %i "$early" 2>/dev/null)" = "$started" ] || verdict="$verdict (direct: the early JVM not taken)" ;;
    esac
  done
  [ "$verdict" = yes ] || status=1
  printf '%-18s made, used, a JVM started early without spark-submit, a damaged one replaced; one run'"'"'s answer each time   as expected: %s\n' class-archive "$verdict"
}
check_class_archive
check_failure no-such-input 66 '^userlist: .*/nothing-here.ndjson: No such file or directory' \
  --userlist "$RELATIVE_USERLIST" "$SHARDS/nothing-here.ndjson" -- -f csv
check_failure bad-option 64 "^userlist: unknown option '--sortt'" \
  --userlist "$RELATIVE_USERLIST" "${SHARD_FILES[0]}" -- --sortt name
# A part-files run that fails leaves nothing: no DIR when the job made it.
rm -rf "$FAIL/cut-dir" "$FAIL/max-rejects-dir"
check_failure max-rejects-dir 65 "^userlist: more than 0 records rejected \(--max-rejects 0\); the last: .*/1-first.ndjson:24001:1: invalid JSON" \
  --userlist "$RELATIVE_USERLIST" --output-dir "$FAIL/max-rejects-dir" "${SHARD_FILES[@]}" -- --skip-bad-json --max-rejects 0 --sort name -f csv
[ -e "$FAIL/max-rejects-dir" ] && { echo "max-rejects-dir: $FAIL/max-rejects-dir left behind"; status=1; }
check_failure truncated-gzip-dir 65 "^userlist: $FAIL/cut,\\[short\\].ndjson.gz: gzip: the compressed data ends early" \
  --userlist "$RELATIVE_USERLIST" --output-dir "$FAIL/cut-dir" "$FAIL/cut,[short].ndjson.gz" -- --sort name -f csv
[ -e "$FAIL/cut-dir" ] && { echo "truncated-gzip-dir: $FAIL/cut-dir left behind"; status=1; }
mkdir -p "$FAIL/not-empty"; touch "$FAIL/not-empty/x"
check_failure dir-not-empty 73 "^userlist_spark.py: --output-dir .*/not-empty: not empty" \
  --userlist "$RELATIVE_USERLIST" --output-dir "$FAIL/not-empty" "${SHARD_FILES[0]}" -- --sort name -f csv
if [ "${OPTIONS_ONLY:-0}" = 1 ] || [ -n "${ONLY:-}" ]; then echo "check.sh: $SECONDS s"; exit $status; fi


# 4. One run against the job over COUNT international users in PARTS files, in local mode: the
# same bytes, and each one's time with where the job's went (the measurement's own script).
COUNT=$COUNT PARTS=$PARTS MASTER=$LOCAL_MASTER USERLIST=$USERLIST bash Benchmarks/spark-vs-one-run.sh || status=1
echo "check.sh: $SECONDS s"
exit $status
