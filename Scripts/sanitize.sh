#!/usr/bin/env bash
# The golden suite and the unit tests with userlist built under AddressSanitizer (and its
# LeakSanitizer at exit): an invalid read or write, or a leak, prints a report on standard
# error, which no golden case expects, so the case fails and the report is in its diff.
#
#   Scripts/sanitize.sh [swift test options, e.g. --filter Golden]
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(--scratch-path .build-asan -Xswiftc -sanitize=address -Xcc -fsanitize=address -Xcxx -fsanitize=address)
swift build --build-tests "${flags[@]}" 2>&1 | grep -E "error|warning: .*sanitiz|Build" || true
# The test runner itself (Foundation in it) is not checked for leaks; each userlist it starts is.
export ASAN_OPTIONS=detect_leaks=0
export USERLIST_CHILD_ASAN_OPTIONS=detect_leaks=1:exitcode=86
# The fuzzers' suppressions, and those of objects a process still holds when it exits.
cat Fuzz/lsan-suppressions.txt Fuzz/lsan-suppressions-at-exit.txt > .build-asan/lsan-suppressions.txt
export LSAN_OPTIONS=suppressions=$PWD/.build-asan/lsan-suppressions.txt:print_suppressions=0
export SWIFT_BACKTRACE=enable=no
swift test --skip-build "${flags[@]}" "$@"
