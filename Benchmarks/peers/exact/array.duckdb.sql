-- one array: the same as  userlist ARRAY --sort name --page 1 --format json
-- (prints id and title of the first page's 20 users; run by duckdb_run.py). ARRAY is the same
-- users as the NDJSON file but as one JSON array (generate-users.py --format array), read with
-- read_json(format = 'array'). Dedupe, fold() and the sort as in w1.duckdb.sql.
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
    FROM read_json('{file}', format = 'array',
                   columns = {id: 'VARCHAR', name: 'VARCHAR', username: 'VARCHAR', email: 'VARCHAR'})
         WITH ORDINALITY
), firsts AS (
    SELECT * FROM users
    QUALIFY row_number() OVER (PARTITION BY id ORDER BY ord) = 1
)
SELECT id, coalesce(name, username, email, id) AS title
FROM firsts
ORDER BY name IS NULL, fold(name), {exact_name}, ord
LIMIT 20;
