#!/usr/bin/env bash
# Runs the libFuzzer targets in Fuzz/ (Swift and C built with AddressSanitizer and coverage) for
# SECONDS each (default 60). A crash, sanitizer report or leak fails the script, with the input
# in hex and its report in the log; the inputs stay in .build-fuzz/work for `swift run fuzz-…`.
#
#   Scripts/fuzz.sh [SECONDS]        TARGETS="fuzz-jq" Scripts/fuzz.sh 600
#
# The jq target runs in fork mode: libjq 1.6's own unbounded recursion and runaway programs end
# the process through the stack guard and --jq-timeout (exit 65, one line, no artifact), which
# is the documented behaviour, not a finding; fork mode starts a new process and goes on.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
targets=${TARGETS:-fuzz-gateway fuzz-jq}
work=.build-fuzz/work
mkdir -p "$work"

clang_runtime=$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/clang
fuzzer_library=$(ls "$clang_runtime"/*/lib/linux/libclang_rt.fuzzer_no_main-*.a | head -1)
for target in $targets; do
  echo "building $target with libFuzzer and ASan"
  swift build -c release --scratch-path .build-fuzz --product "$target" \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address \
    -Xcc -DUSERLIST_LIBFUZZER -Xlinker "$fuzzer_library" 2>&1 | grep -E "error|Compiling|Build" | grep -v "Cannot export" || true
  test -x ".build-fuzz/release/$target" || { echo "fuzz: $target did not build" >&2; exit 1; }
done

# Seeds: every sample, under a few option bytes (the gateway target's first byte picks the
# options); for jq, the programs of jq's own test suites with their inputs, and samples.
seed_gateway() {
  local corpus=$work/corpus-fuzz-gateway
  mkdir -p "$corpus"
  local n=0
  for file in $(find Samples -type f \( -name '*.json' -o -name '*.ndjson' \) | sort); do
    for options in '\x00' '\x07' '\x2d' '\x51' '\xb6'; do
      { printf "$options"; head -c 60000 "$file"; } > "$corpus/sample-$n"
      n=$((n + 1))
    done
  done
}
seed_jq() {
  local corpus=$work/corpus-fuzz-jq
  mkdir -p "$corpus"
  local n=0
  for tests in ../shared/peer-tests/jq-1.6/jq.test ../shared/peer-tests/jq-1.8.2/man.test; do
    [ -f "$tests" ] || continue
    # A case is: program line, input line, outputs, blank line (comments start with #).
    awk -v dir="$corpus" -v start="$n" '
      /^#/ { next }
      /^[[:space:]]*$/ { state = 0; next }
      state == 0 { if ($0 ~ /^%%FAIL/) { state = 3; next } program = $0; state = 1; next }
      state == 1 { file = sprintf("%s/%s-%d", dir, FILENAME ~ /man/ ? "man" : "jq", start + NR); printf "%s%c%s", program, 0, $0 > file; close(file); state = 2; next }
    ' "$tests"
    n=$((n + 100000))
  done
  for file in Samples/*.json Samples/apis/*.json; do
    { printf '.[]? // . | tostring'; printf '\0'; head -c 60000 "$file"; } > "$corpus/sample-$(basename "$file")"
  done
}
seed_gateway
seed_jq

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0
status=0
for target in $targets; do
  rm -f "$work/$target"-crash-* "$work/$target"-leak-* "$work/$target"-timeout-* "$work/$target"-oom-*
  log=$work/$target.log
  echo "fuzzing $target for $seconds s"
  ".build-fuzz/release/$target" "$work/corpus-$target" -max_total_time="$seconds" -fork=1 \
    -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -timeout=30 -rss_limit_mb=4096 -max_len=65536 \
    -dict="Fuzz/${target#fuzz-}.dict" -artifact_prefix="$work/$target-" > "$log" 2>&1 || true
  stats=$(grep -E "^#[0-9]+" "$log" | tail -1 || true)
  echo "$target: ${stats:-no progress line} ($(ls "$work/corpus-$target" | wc -l) inputs in the corpus)"
  findings="$work/$target-crash-* $work/$target-leak-*"
  # A gateway input that runs 30 s or needs 4 GiB is a finding too; jq's are libjq's (see above).
  [ "$target" = fuzz-gateway ] && findings="$findings $work/$target-timeout-* $work/$target-oom-*"
  for finding in $findings; do
    [ -f "$finding" ] || continue
    report=$(".build-fuzz/release/$target" "$finding" 2>&1 | grep -E "ERROR|SUMMARY|fuzz finding|#[0-9]+ 0x" | head -25 || true)
    # libjq 1.6 has no depth limit: its own recursion overflowing the stack is what the stack
    # guard turns into one line in userlist (not installed here, so real crashes show).
    if [ "$target" = fuzz-jq ] && grep -q "AddressSanitizer: stack-overflow" <<< "$report" \
       && grep -E "#[0-9] 0x" <<< "$report" | head -3 | grep -q "libjq"; then
      echo "known: libjq 1.6's unbounded recursion ($finding)"
      continue
    fi
    status=1
    echo "FINDING $finding ($(wc -c < "$finding") bytes):"
    od -A d -t x1z "$finding" | head -20
    echo "$report"
  done
done
exit $status
