#!/usr/bin/env python3
"""DuckDB doing each benchmark job the way a data engineer would write it.

    python3 Benchmarks/peers/duckdb_peer.py WORKLOAD FILE [OUT]

WORKLOAD is one of the keys of QUERIES. Prints the result's rows tab-separated (NULL as empty),
or, for w3, writes OUT (a CSV file) and prints nothing. An in-memory database with DuckDB's
defaults: one thread per core, 80% of RAM, its own JSON schema detection.

These are plain queries, not a reproduction of userlist's rules: strip_accents(lower(...))
for folding (it also strips marks userlist keeps, and keeps ß), ties broken by id, empty names
not treated as missing, DuckDB's own NULLS LAST. peers.sh compares the answers with userlist's
loosely and reports where they differ.
"""
import sys

import duckdb

# Dedupe: the first record of each id wins (the job's rule), in file order.
USERS = """
WITH users AS (
    SELECT * FROM read_ndjson('{file}') WITH ORDINALITY
    QUALIFY row_number() OVER (PARTITION BY id ORDER BY ordinality) = 1
)"""

QUERIES = {
    # userlist FILE --search an --sort name --page 3
    "w1": USERS + """
SELECT id, name FROM users
WHERE strip_accents(lower(name)) LIKE '%an%'
   OR strip_accents(lower(email)) LIKE '%an%'
   OR strip_accents(lower(username)) LIKE '%an%'
ORDER BY strip_accents(lower(name)), id
LIMIT 20 OFFSET 40""",

    # userlist FILE --sort name -f csv --fields id,name,email,company.name > OUT
    "w3": """
COPY (
    SELECT id, name, email, company.name AS company
    FROM read_ndjson('{file}') WITH ORDINALITY
    QUALIFY row_number() OVER (PARTITION BY id ORDER BY ordinality) = 1
    ORDER BY strip_accents(lower(name)), id
) TO '{out}' (FORMAT csv, HEADER)""",

    # userlist FILE --where '.address.city == "Zürich"' --sort company:desc --page 2
    "where": USERS + """
SELECT id, name, company.name FROM users
WHERE address.city = 'Zürich'
ORDER BY strip_accents(lower(company.name)) DESC, id
LIMIT 20 OFFSET 20""",

    # userlist FILE --search nguy --sort email:desc --page 5 --page-size 50
    "search2": USERS + """
SELECT id, name, email FROM users
WHERE strip_accents(lower(name)) LIKE '%nguy%'
   OR strip_accents(lower(email)) LIKE '%nguy%'
   OR strip_accents(lower(username)) LIKE '%nguy%'
ORDER BY strip_accents(lower(email)) DESC, id
LIMIT 50 OFFSET 200""",

    # userlist FILE --sort city --page 100
    "city": USERS + """
SELECT id, name, address.city FROM users
ORDER BY strip_accents(lower(address.city)), id
LIMIT 20 OFFSET 1980""",

    # userlist FILE --count
    "count": """
SELECT count(DISTINCT id) FROM read_ndjson('{file}')""",

    # userlist FILE --count --search an
    "count-an": """
SELECT count(DISTINCT id) FROM read_ndjson('{file}')
WHERE strip_accents(lower(name)) LIKE '%an%'
   OR strip_accents(lower(email)) LIKE '%an%'
   OR strip_accents(lower(username)) LIKE '%an%'""",

    # userlist FILE --sort city,name:desc --page 100
    "multisort": USERS + """
SELECT id, name, address.city FROM users
ORDER BY strip_accents(lower(address.city)), strip_accents(lower(name)) DESC, id
LIMIT 20 OFFSET 1980""",

    # userlist FILE --sort city --collate sv --page 100 (DuckDB's ICU extension collation)
    "collate": USERS + """
SELECT id, name, address.city FROM users
ORDER BY address.city COLLATE sv, id
LIMIT 20 OFFSET 1980""",

    # userlist FILE --count-by company
    "countby": USERS + """
SELECT company.name AS company, count(*) AS count FROM users
GROUP BY company.name
ORDER BY count DESC, company.name""",

    # userlist FILE --count-by email-domain
    "countby-domain": USERS + """
SELECT lower(nullif(split_part(email, '@', -1), '')) AS domain, count(*) AS count FROM users
GROUP BY domain
ORDER BY count DESC, domain""",
}


def main():
    workload, file = sys.argv[1], sys.argv[2]
    out = sys.argv[3] if len(sys.argv) > 3 else ""
    sql = QUERIES[workload].replace("{file}", file.replace("'", "''")).replace("{out}", out.replace("'", "''"))
    rel = duckdb.sql(sql)
    if rel is not None:
        w = sys.stdout.write
        for row in rel.fetchall():
            w("\t".join("" if v is None else str(v) for v in row) + "\n")


if __name__ == "__main__":
    main()
