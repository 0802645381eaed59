-- W1: the same as  userlist FILE --search an --sort name --page 3 --format json
-- (prints id and title of the page's 20 users; run by duckdb_run.py).
--
-- Sort: folded name, then the exact name, then input order. {exact_name} is `name` (its bytes,
--   README's "then the exact text"; the rewritten userlist) or, with PEERS_TIEBREAK=nfc,
--   `nfc_normalize(name)`: the baseline userlist compares Swift strings, equal when canonically
--   equivalent, so there a name sent decomposed (NFD) ties with the composed one.
-- Input order: WITH ORDINALITY numbers the records as read (checked against the generator's
--   line k = id k on 1M lines); it decides first occurrences and ties.
-- fold(): case and diacritic folding as userlist does it (Foundation's folding, README "The rules"):
--   lower-case with ß → ss and final ς → σ (Foundation case-folds them, lower() keeps them), and
--   strip the accents of Latin, Greek and Cyrillic letters and the kana voicing marks. Foundation
--   leaves Arabic (hamza, madda), Indic (vowel signs, virama, anusvara) and Thai marks alone, but
--   strip_accents removes every mark, so names holding those scripts are only lower-cased.
CREATE MACRO fold(s) AS replace(replace(
    CASE WHEN regexp_matches(s, '[\x{0600}-\x{06FF}\x{0900}-\x{0DFF}\x{0E00}-\x{0E7F}]')
         THEN lower(s) ELSE strip_accents(lower(s)) END, 'ß', 'ss'), 'ς', 'σ');

WITH users AS (
    SELECT ordinality AS ord, id,
           nullif(trim(name), '') AS name,
           nullif(trim(username), '') AS username,
           nullif(trim(email), '') AS email
    FROM read_ndjson('{file}',
                     columns = {id: 'VARCHAR', name: 'VARCHAR', username: 'VARCHAR', email: 'VARCHAR'})
         WITH ORDINALITY
), firsts AS (             -- dedupe by id (as text): the first occurrence wins
    SELECT * FROM users
    QUALIFY row_number() OVER (PARTITION BY id ORDER BY ord) = 1
)
SELECT id, coalesce(name, username, email, id) AS title
FROM firsts
WHERE contains(fold(name), 'an') OR contains(fold(email), 'an') OR contains(fold(username), 'an')
ORDER BY name IS NULL, fold(name), {exact_name}, ord
LIMIT 20 OFFSET 40;
