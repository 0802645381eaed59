"""Shared by the peers/*_polars.py queries: userlist's rules as Polars expressions."""
import os

import polars as pl

# The marks userlist's folding (Foundation's diacritic-insensitive folding) removes: the accents of
# Latin, Greek and Cyrillic letters and the kana voicing marks. Arabic (hamza, madda), Indic
# (vowel signs, virama, anusvara) and Thai marks stay, as in Foundation.
ACCENTS = r"[\x{0300}-\x{036F}\x{3099}\x{309A}]"


def fold(e: pl.Expr) -> pl.Expr:
    """Case and diacritic folding as userlist does it: lower-case (ß → ss and final ς → σ, as
    case folding does; to_lowercase keeps them), NFD, drop the accents, NFC again (so that a
    kept mark recombines: آ stays U+0622)."""
    return (e.str.to_lowercase()
            .str.replace_all("ß", "ss", literal=True).str.replace_all("ς", "σ", literal=True)
            .str.normalize("NFD").str.replace_all(ACCENTS, "").str.normalize("NFC"))


def sort_keys(name: str = "name") -> list:
    """userlist's --sort name: no name last, folded name, exact name, then input order.
    The exact name compares its bytes (README: "then the exact text"; the rewritten userlist), or
    its NFC form with PEERS_TIEBREAK=nfc: the baseline userlist compares Swift strings, which are
    equal when canonically equivalent, so a name sent decomposed ties with the composed one."""
    c = pl.col(name)
    exact = c.str.normalize("NFC") if os.environ.get("PEERS_TIEBREAK", "raw") == "nfc" else c
    return [c.is_null(), fold(c), exact, pl.col("ord")]


def clean(name: str, col: pl.Expr | None = None) -> pl.Expr:
    """A string field as userlist's canonical user holds it: trimmed, and empty means missing."""
    s = (pl.col(name) if col is None else col).str.strip_chars()
    return pl.when(s.str.len_bytes() > 0).then(s).otherwise(None).alias(name)


def first_occurrences(lf: pl.LazyFrame) -> pl.LazyFrame:
    """Dedupe by id as text, the first occurrence wins, input order kept."""
    return lf.unique(subset="id", keep="first", maintain_order=True)


# The first grapheme cluster of a word, as Swift's Character (near enough): a base character with
# its marks, and Indic conjuncts (consonant + virama + consonant) as one. Polars has no grapheme
# segmentation.
FIRST_GRAPHEME = r"^(?:\p{L}\p{M}*\x{094D})*\P{M}\p{M}*"


def initials(title: pl.Expr) -> pl.Expr:
    """First letters of the title's first and last words, upper-cased (README "Each cell")."""
    words = title.str.extract_all(r"[^\s\p{Z}]+")
    first = words.list.first().str.extract(f"({FIRST_GRAPHEME})").str.to_uppercase()
    last = words.list.last().str.extract(f"({FIRST_GRAPHEME})").str.to_uppercase()
    return (pl.when(words.list.len() > 1).then(first + last).otherwise(first)).fill_null("")
