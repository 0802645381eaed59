#!/usr/bin/env python3
"""Runs one peers/*.duckdb.sql query with DuckDB's Python package, as a one-shot CLI would.

    python3 Benchmarks/peers/exact/duckdb_run.py [--city CITY] Benchmarks/peers/exact/w1.duckdb.sql FILE [OUT]

{file}, {out} and {city} in the SQL become FILE, OUT (default /dev/stdout) and CITY (single
quotes doubled); {exact_name} becomes the sort's exact-name tie-break: `name` (its bytes), or
`nfc_normalize(name)` when the environment says PEERS_TIEBREAK=nfc (see w1.duckdb.sql). Statements run in order;
the rows of the last query (not COPY) that returns rows are printed as tab-separated text (NULL as empty),
the way the benchmark compares them with userlist's output. An in-memory database, DuckDB's
default threads (one per core) and memory limit (80% of RAM).
"""
import os
import sys

import duckdb


def main():
    args = sys.argv[1:]
    city = ""
    if args[0] == "--city":
        city, args = args[1], args[2:]
    sql_path, file = args[0], args[1]
    out = args[2] if len(args) > 2 else "/dev/stdout"
    with open(sql_path, encoding="utf-8") as f:
        sql = f.read()
    for key, value in (("{file}", file), ("{out}", out), ("{city}", city)):
        sql = sql.replace(key, value.replace("'", "''"))
    nfc = os.environ.get("PEERS_TIEBREAK", "raw") == "nfc"
    sql = sql.replace("{exact_name}", "nfc_normalize(name)" if nfc else "name")
    con = duckdb.connect()
    rows = None
    for stmt in duckdb.extract_statements(sql):
        rel = con.execute(stmt)
        if rel.description and stmt.type != duckdb.StatementType.COPY:
            rows = rel.fetchall()
    if rows:
        w = sys.stdout.write
        for r in rows:
            w("\t".join("" if v is None else str(v) for v in r) + "\n")


if __name__ == "__main__":
    main()
