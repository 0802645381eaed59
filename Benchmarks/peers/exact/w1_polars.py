#!/usr/bin/env python3
"""W1 in Polars: the same as  userlist FILE --search an --sort name --page 3 --format json.

    python3 Benchmarks/peers/exact/w1_polars.py FILE      # prints id<TAB>title of the page's 20 users
"""
import sys

import polars as pl
from fold_polars import clean, first_occurrences, fold, sort_keys

NEEDLE = "an"
lf = (pl.scan_ndjson(sys.argv[1], row_index_name="ord",
                     schema={"id": pl.String, "name": pl.String, "username": pl.String,
                             "email": pl.String})
      .with_columns(clean("name"), clean("username"), clean("email")))
page = (first_occurrences(lf)
        .filter(fold(pl.col("name")).str.contains(NEEDLE, literal=True)
                | fold(pl.col("email")).str.contains(NEEDLE, literal=True)
                | fold(pl.col("username")).str.contains(NEEDLE, literal=True))
        .sort(sort_keys())
        .slice(40, 20)
        .select("id", pl.coalesce("name", "username", "email", "id").alias("title"))
        .collect())
sys.stdout.write("".join(f"{i}\t{t}\n" for i, t in page.iter_rows()))
