#!/usr/bin/env python3
"""W3 in Polars: the same as  userlist FILE --sort name --format csv > OUT

    python3 Benchmarks/peers/exact/w3_polars.py FILE OUT

Every user, deduped (the first occurrence of each id wins), sorted as userlist sorts by name,
written as CSV with the cell columns id,title,subtitle,caption,avatarURL,initials and CRLF line
ends. caption: the bio's first non-empty line, else the company name (the generated data has no
bios: that column is read only when the file has it); avatarURL: null (the generated data has no
avatars). initials: see fold_polars.initials (grapheme clusters approximated by a regex).
"""
import sys

import polars as pl
from fold_polars import clean, first_occurrences, initials, sort_keys

src, out = sys.argv[1], sys.argv[2]
lf = (pl.scan_ndjson(src, row_index_name="ord",
                     schema={"id": pl.String, "name": pl.String, "username": pl.String,
                             "email": pl.String,
                             "company": pl.Struct({"name": pl.String})})
      .with_columns(clean("name"), clean("username"), clean("email"),
                    clean("company", pl.col("company").struct.field("name"))))
title = pl.coalesce("name", "username", "email", "id")
cells = (first_occurrences(lf)
         .sort(sort_keys())
         .select("id", title.alias("title"), pl.col("email").alias("subtitle"),
                 pl.col("company").alias("caption"), pl.lit(None, pl.String).alias("avatarURL"),
                 initials(title).alias("initials")))
cells.sink_csv(out, line_terminator="\r\n")
