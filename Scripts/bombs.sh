#!/usr/bin/env bash
# Hostile inputs too big for the golden cases (issue 18, README "When the input is bad"): each is
# generated here (nothing big is committed), run once under /usr/bin/time, and printed with its
# exit code, wall and CPU time, peak RSS and first line of standard error.
#
#   Scripts/bombs.sh                 the release binary (swift build -c release first)
#   USERLIST=.build/debug/userlist BOMBS=/tmp/bombs SIZE_MB=1024 Scripts/bombs.sh
#
# BOMBS keeps the generated files between runs (default: a temporary directory, removed at the
# end); SIZE_MB is what the compression bombs expand to (default 1024). A run that ends by a
# signal, runs past TIMEOUT seconds (default 600), or gives an exit code other than the one
# expected fails the script.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
userlist=${USERLIST:-$root/.build/release/userlist}
[ -x "$userlist" ] || { echo "bombs: build userlist first (swift build -c release)" >&2; exit 2; }
size_mb=${SIZE_MB:-1024}
timeout_seconds=${TIMEOUT:-600}
if [ -n "${BOMBS:-}" ]; then
  dir=$BOMBS
  mkdir -p "$dir"
else
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
fi
for tool in gzip zstd xz python3; do
  command -v "$tool" > /dev/null || { echo "bombs: needs $tool" >&2; exit 2; }
done

line='{"id":1,"name":"Ada Lovelace","email":"ada@example.com"}'
# Whole lines (a cut last line is reported as the syntax error it is); yes ends by SIGPIPE.
lines() { yes "$line" | head -n $(((size_mb << 20) / (${#line} + 1))); return 0; }
spaces() { head -c "${size_mb}M" /dev/zero | tr '\0' ' '; }
# One line of 100 MB: an array of 1.4M distinct users, and one user whose name is 100 MB.
array_100mb() {
  python3 - << 'EOF'
import sys
parts, size, i = [], 1, 0
while size < 100 << 20:
    i += 1
    item = '{"id":%d,"name":"User %d","email":"u%d@example.com"}' % (i, i, i)
    parts.append(item)
    size += len(item) + 1
sys.stdout.write('[' + ','.join(parts) + ']')
EOF
}
string_100mb() { python3 -c "import sys; sys.stdout.write('{\"id\":1,\"name\":\"' + 'a' * (100 << 20) + '\"}')"; }
nesting_10m() { python3 -c "import sys; sys.stdout.write('[' * 10000000 + ']' * 10000000)"; }
regex_name() { python3 -c "print('{\"id\":1,\"name\":\"' + ('a' * 22 + 'b') * 400 + '\"}')"; }

# make NAME COMMAND...: writes $dir/NAME with COMMAND unless it is there already.
make() {
  local name=$1
  shift
  [ -s "$dir/$name" ] && return
  echo "generating $name" >&2
  "$@" > "$dir/$name.part" && mv "$dir/$name.part" "$dir/$name"
}
make lines.ndjson.gz eval 'lines | gzip -9'
make lines.ndjson.zst eval 'lines | zstd -q -19'
make lines.ndjson.xz eval 'lines | xz -6 -T1'
make spaces.gz eval 'spaces | gzip -9'
make spaces.zst eval 'spaces | zstd -q -19'
make spaces-then-a-user.xz eval '{ spaces; echo "$line"; } | xz -6 -T1'
make string-600MB.json.gz eval '{ printf "{\"id\":1,\"name\":\""; head -c 600M /dev/zero | tr "\\0" a; printf "\"}\\n"; } | gzip -9'
make array-100MB.json array_100mb
make string-100MB.json string_100mb
make nesting-10M.json nesting_10m
make regex.ndjson regex_name

failed=0
printf '%-26s %10s %10s %5s %8s %8s %9s  %s\n' case input expands exit seconds "CPU s" "peak RSS" "standard error (first line)"
# run NAME EXPECTED_EXIT FILE ARGS...
run() {
  local name=$1 expected=$2 file=$3
  shift 3
  local err=$dir/stderr time=$dir/time
  if [ ! -s "$dir/$file" ]; then
    echo "  FAIL: $name: $file was not generated" >&2
    failed=$((failed + 1))
    return
  fi
  timeout -s KILL "$timeout_seconds" /usr/bin/time -f '%e %M %U %S' -o "$time" "$userlist" "$dir/$file" "$@" > /dev/null 2> "$err"
  local code=$?
  local seconds rss user system
  read -r seconds rss user system < <(tail -1 "$time")
  local expands
  case $file in
    *.gz) expands=$(gzip -dc "$dir/$file" | wc -c) ;;
    *.zst) expands=$(zstd -dc "$dir/$file" | wc -c) ;;
    *.xz) expands=$(xz -dc "$dir/$file" | wc -c) ;;
    *) expands=$(stat -c %s "$dir/$file") ;;
  esac
  local first
  first=$(head -1 "$err" | sed "s|$dir/||" | cut -c1-110)
  printf '%-26s %9sK %9sM %5s %8s %8s %8sM  %s\n' "$name" $(($(stat -c %s "$dir/$file") / 1024)) $((expands >> 20)) "$code" "$seconds" \
    "$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')" $((rss / 1024)) "$first"
  if [ "$code" != "$expected" ]; then
    echo "  FAIL: expected exit $expected" >&2
    failed=$((failed + 1))
  fi
}
run "gzip lines (1 id)" 0 lines.ndjson.gz --count
run "zstd lines (1 id)" 0 lines.ndjson.zst --count
run "xz lines (1 id)" 0 lines.ndjson.xz --count
run "gzip spaces" 0 spaces.gz --count
run "zstd spaces" 0 spaces.zst --count
run "xz spaces, then a user" 0 spaces-then-a-user.xz --count
run "100 MB array, one line" 0 array-100MB.json --count
run "100 MB string" 0 string-100MB.json --count
run "600 MB string, gzip" 65 string-600MB.json.gz --count
run "10M-deep nesting" 65 nesting-10M.json --count
run "regex (a+)+\$, timeout 1" 65 regex.ndjson --where '.name | test("(a+)+$")' --jq-timeout 1 --count
echo "$((11 - failed)) passed, $failed failed"
[ "$failed" = 0 ]
