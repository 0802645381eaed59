#!/usr/bin/env python3
"""Polars doing each benchmark job the way a data engineer would write it.

    python3 Benchmarks/peers/polars_peer.py WORKLOAD FILE [OUT]

WORKLOAD is one of the keys of QUERIES. Prints the result's rows tab-separated (null as empty),
or, for w3, writes OUT (a CSV file) and prints nothing. Lazy queries with Polars' defaults
(one thread per core, its own schema inference).

Polars has no strip_accents: fold() is the usual spelling of it, lower-case, NFKD, drop every
combining mark (\\p{M}). It also strips marks userlist keeps (Arabic hamza, Devanagari vowel
signs) and keeps ß. Ties are broken by id; empty names are not treated as missing; nulls sort
last. peers.sh compares the answers with userlist's loosely and reports where they differ.
"""
import sys

import polars as pl


def fold(e: pl.Expr) -> pl.Expr:
    return e.str.to_lowercase().str.normalize("NFKD").str.replace_all(r"\p{M}", "")


def search(needle: str) -> pl.Expr:
    return (fold(pl.col("name")).str.contains(needle)
            | fold(pl.col("email")).str.contains(needle)
            | fold(pl.col("username")).str.contains(needle))


def users(file: str) -> pl.LazyFrame:
    # Dedupe: the first record of each id wins (the job's rule), in file order.
    return pl.scan_ndjson(file).unique(subset="id", keep="first", maintain_order=True)


company = pl.col("company").struct.field("name")
city = pl.col("address").struct.field("city")

QUERIES = {
    # userlist FILE --search an --sort name --page 3
    "w1": lambda f: (users(f).filter(search("an"))
                     .sort(fold(pl.col("name")), "id", nulls_last=True)
                     .slice(40, 20).select("id", "name")),

    # userlist FILE --sort name -f csv --fields id,name,email,company.name > OUT
    "w3": lambda f: (users(f)
                     .sort(fold(pl.col("name")), "id", nulls_last=True)
                     .select("id", "name", "email", company.alias("company"))),

    # userlist FILE --where '.address.city == "Zürich"' --sort company:desc --page 2
    "where": lambda f: (users(f).filter(city == "Zürich")
                        .sort(fold(company), "id", descending=[True, False], nulls_last=True)
                        .slice(20, 20).select("id", "name", company.alias("company"))),

    # userlist FILE --search nguy --sort email:desc --page 5 --page-size 50
    "search2": lambda f: (users(f).filter(search("nguy"))
                          .sort(fold(pl.col("email")), "id", descending=[True, False], nulls_last=True)
                          .slice(200, 50).select("id", "name", "email")),

    # userlist FILE --sort city --page 100
    "city": lambda f: (users(f)
                       .sort(fold(city), "id", nulls_last=True)
                       .slice(1980, 20).select("id", "name", city.alias("city"))),

    # userlist FILE --count
    "count": lambda f: pl.scan_ndjson(f).select(pl.col("id").n_unique()),

    # userlist FILE --count --search an
    "count-an": lambda f: pl.scan_ndjson(f).filter(search("an")).select(pl.col("id").n_unique()),

    # userlist FILE --sort city,name:desc --page 100
    "multisort": lambda f: (users(f)
                            .sort(fold(city), fold(pl.col("name")), "id", descending=[False, True, False], nulls_last=True)
                            .slice(1980, 20).select("id", "name", city.alias("city"))),

    # userlist FILE --count-by company
    "countby": lambda f: (users(f).group_by(company.alias("company")).agg(pl.len().alias("count"))
                          .sort(["count", "company"], descending=[True, False], nulls_last=True)),

    # userlist FILE --count-by email-domain
    "countby-domain": lambda f: (users(f)
                                 .group_by(pl.col("email").str.split("@").list.last().str.to_lowercase().alias("domain"))
                                 .agg(pl.len().alias("count"))
                                 .sort(["count", "domain"], descending=[True, False], nulls_last=True)),
}


def main():
    workload, file = sys.argv[1], sys.argv[2]
    query = QUERIES[workload](file)
    if workload == "w3":
        query.sink_csv(sys.argv[3])
        return
    w = sys.stdout.write
    for row in query.collect().iter_rows():
        w("\t".join("" if v is None else str(v) for v in row) + "\n")


if __name__ == "__main__":
    main()
