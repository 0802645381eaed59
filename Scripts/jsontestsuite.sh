#!/usr/bin/env bash
# Runs every file of JSONTestSuite's test_parsing/ (github.com/nst/JSONTestSuite; not in this
# repository: check it out anywhere) through userlist three ways, as a file, from standard input
# and gzipped on standard input, each under a timeout and /usr/bin/time, and prints a summary
# (README "When the input is bad").
#
#   Scripts/jsontestsuite.sh DIR        DIR: the suite's test_parsing/ (or the suite's root)
#   USERLIST=.build/release/userlist Scripts/jsontestsuite.sh DIR
#
# What passes:
#   y_  read as JSON: exit 0, or exit 65 with the one line "no users in this document" (valid
#       JSON that holds no users), never a syntax error.
#   n_  one line `userlist: NAME:LINE:COLUMN: <syntax error>` and exit 65 — except the four that
#       the README's "What it reads" accepts on purpose (an input is a stream of documents):
#       no data, only white space, only a BOM (an empty list), and `[][]` (two documents).
#   i_  the choice the README documents: numbers out of range and 500-deep nesting are read,
#       a UTF-8 BOM is skipped, anything not UTF-8 or a lone surrogate is a syntax error.
#   all no signal, no timeout (TIMEOUT seconds, default 10), peak RSS under MAX_RSS_KB (default
#       200000; the debug binary takes about 20 MB for nothing).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:?usage: Scripts/jsontestsuite.sh DIR (JSONTestSuite test_parsing/)}
[ -d "$dir/test_parsing" ] && dir=$dir/test_parsing
[ -d "$dir" ] || { echo "jsontestsuite: no directory $dir" >&2; exit 2; }
userlist=${USERLIST:-$root/.build/debug/userlist}
[ -x "$userlist" ] || userlist=$root/.build/release/userlist
[ -x "$userlist" ] || { echo "jsontestsuite: build userlist first (swift build)" >&2; exit 2; }
userlist=$(cd "$(dirname "$userlist")" && pwd)/$(basename "$userlist")
timeout_seconds=${TIMEOUT:-10}
max_rss_kb=${MAX_RSS_KB:-200000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# n_ files the README accepts: an input is a stream of JSON documents, as jq reads it.
accepted_by_design() {
  case $1 in
    n_structure_no_data.json | n_single_space.json | n_structure_UTF8_BOM_no_data.json) echo "empty input: an empty list" ;;
    n_structure_double_array.json) echo "two documents one after another" ;;
    n_structure_object_with_trailing_garbage.json) echo "two documents, an object and a string, neither holding users" ;;
    *) return 1 ;;
  esac
}

# What the README documents for each i_ file: accept or reject.
implementation_choice() {
  case $1 in
    i_number_* | i_structure_500_nested_arrays.json | i_structure_UTF-8_BOM_empty_object.json) echo accept ;;
    *) echo reject ;;
  esac
}

passed=0 failed=0 peak_kb=0 slowest=0 slowest_file=
declare -A count_pass count_fail
fail() { failed=$((failed + 1)); count_fail[$kind]=$((${count_fail[$kind]:-0} + 1)); echo "FAIL $how $file: $*"; }

cd "$dir" || exit 2
for file in [yni]_*.json; do
  kind=${file:0:1}
  for how in file stdin gzip; do
    if [ "$how" = file ]; then
      name=$file
      timeout -s KILL "$timeout_seconds" /usr/bin/time -f '%e %M' -o "$work/time" "$userlist" "$file" -f ndjson > /dev/null 2> "$work/err"
    elif [ "$how" = stdin ]; then
      name='<stdin>'
      timeout -s KILL "$timeout_seconds" /usr/bin/time -f '%e %M' -o "$work/time" "$userlist" -f ndjson < "$file" > /dev/null 2> "$work/err"
    else
      name='<stdin>'
      gzip -c "$file" > "$work/input.gz"
      timeout -s KILL "$timeout_seconds" /usr/bin/time -f '%e %M' -o "$work/time" "$userlist" -f ndjson < "$work/input.gz" > /dev/null 2> "$work/err"
    fi
    code=$?
    # /usr/bin/time writes "Command terminated by signal N" / "exited with non-zero status" first.
    read -r seconds rss_kb < <(tail -1 "$work/time" 2>/dev/null) || true
    seconds=${seconds:-0} rss_kb=${rss_kb:-0}
    [ "$rss_kb" -gt "$peak_kb" ] 2>/dev/null && peak_kb=$rss_kb
    if awk -v s="$seconds" -v m="$slowest" 'BEGIN { exit !(s > m) }'; then slowest=$seconds slowest_file=$file; fi
    lines=$(wc -l < "$work/err")
    first=$(head -1 "$work/err")
    if [ "$code" -ge 124 ] || grep -q 'terminated by signal' "$work/time" 2>/dev/null; then
      fail "exit $code (signal or timeout): $first"; continue
    fi
    if [ "$rss_kb" -gt "$max_rss_kb" ]; then fail "peak RSS ${rss_kb} kB"; continue; fi
    # A syntax error: one line, the input's line and column, exit 65, and not a verdict on valid JSON.
    syntax=no
    if [ "$code" = 65 ] && [ "$lines" = 1 ] && [[ $first == "userlist: $name:"[0-9]*:[0-9]*": "* ]] \
      && ! [[ $first =~ (no users in|more than one array of users|the API returned an error|is not a usable user) ]]; then
      syntax=yes
    fi
    read_as_json=no
    if [ "$code" = 0 ] || { [ "$code" = 65 ] && [ "$lines" = 1 ] && [[ $first == *"no users in this document"* ]]; }; then
      read_as_json=yes
    fi
    expected=
    case $kind in
      y) expected=accept ;;
      n) if accepted_by_design "$file" > /dev/null; then expected=accept; else expected=reject; fi ;;
      i) expected=$(implementation_choice "$file") ;;
    esac
    if [ "$expected" = accept ] && [ "$read_as_json" = yes ]; then
      :
    elif [ "$expected" = reject ] && [ "$syntax" = yes ]; then
      :
    else
      fail "expected to $expected, got exit $code, $lines line(s): $first"; continue
    fi
    passed=$((passed + 1)); count_pass[$kind]=$((${count_pass[$kind]:-0} + 1))
  done
done

echo
for kind in y n i; do
  echo "$kind: ${count_pass[$kind]:-0} passed, ${count_fail[$kind]:-0} failed (each file read as a file, from standard input and gzipped)"
done
for file in n_*.json; do
  reason=$(accepted_by_design "$file") && echo "accepted by design: $file ($reason)"
done
echo "peak RSS of one run: $((peak_kb / 1024)) MB; slowest run: ${slowest} s ($slowest_file)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
