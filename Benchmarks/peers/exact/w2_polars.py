#!/usr/bin/env python3
"""W2 in Polars: the same as  userlist FILE --where '.address.city == CITY' --format ndjson

    python3 Benchmarks/peers/exact/w2_polars.py FILE CITY      # cells as NDJSON on standard output

The deduped users of that city in input order (dedupe first: a repeated id is dropped even when
its first record is in another city), as cells: id, title, subtitle, caption, avatarURL,
initials (see w3_polars.py for how each is made).
"""
import sys

import polars as pl
from fold_polars import clean, first_occurrences, initials

src, city = sys.argv[1], sys.argv[2]
lf = (pl.scan_ndjson(src, row_index_name="ord",
                     schema={"id": pl.String, "name": pl.String, "username": pl.String,
                             "email": pl.String,
                             "address": pl.Struct({"city": pl.String}),
                             "company": pl.Struct({"name": pl.String})})
      .with_columns(clean("name"), clean("username"), clean("email"),
                    clean("company", pl.col("company").struct.field("name")),
                    clean("city", pl.col("address").struct.field("city"))))
title = pl.coalesce("name", "username", "email", "id")
cells = (first_occurrences(lf)
         .filter(pl.col("city") == city)
         .select("id", title.alias("title"), pl.col("email").alias("subtitle"),
                 pl.col("company").alias("caption"), pl.lit(None, pl.String).alias("avatarURL"),
                 initials(title).alias("initials"))
         .collect())
cells.write_ndjson(sys.stdout)
