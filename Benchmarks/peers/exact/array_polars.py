#!/usr/bin/env python3
"""one array in Polars: the same as  userlist ARRAY --sort name --page 1 --format json

    python3 Benchmarks/peers/exact/array_polars.py ARRAY     # prints id<TAB>title of the 20 users

ARRAY is one JSON array of users. Polars has no lazy reader for a JSON array: read_json parses
the whole document into a DataFrame (every column), then the query runs as in w1_polars.py.
"""
import sys

import polars as pl
from fold_polars import clean, first_occurrences, sort_keys

df = pl.read_json(sys.argv[1], schema={"id": pl.String, "name": pl.String,
                                       "username": pl.String, "email": pl.String})
page = (first_occurrences(df.lazy().with_row_index("ord")
                          .with_columns(clean("name"), clean("username"), clean("email")))
        .sort(sort_keys())
        .head(20)
        .select("id", pl.coalesce("name", "username", "email", "id").alias("title"))
        .collect())
sys.stdout.write("".join(f"{i}\t{t}\n" for i, t in page.iter_rows()))
