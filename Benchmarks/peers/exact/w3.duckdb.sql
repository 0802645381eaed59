-- W3: the same as  userlist FILE --sort name --format csv > OUT
-- Every user, deduped (first occurrence of each id wins), sorted by folded name, exact name,
-- input order (no name: last); the cell columns id,title,subtitle,caption,avatarURL,initials.
-- fold() and the tie-break ({exact_name}, then input order) as in w1.duckdb.sql.
-- caption: the bio's first non-empty line, else the company name (the generated data has no
-- bios). avatarURL: avatar_url / avatarURL as given (none in the generated data). initials: the first grapheme clusters (left_grapheme, as Swift's Character)
-- of the title's first and last words, upper-cased. Lines end with CRLF as userlist's (RFC 4180).
-- fold(): case and diacritic folding as userlist does it (Foundation's folding, README "The rules"):
--   lower-case with ß → ss and final ς → σ (Foundation case-folds them, lower() keeps them), and
--   strip the accents of Latin, Greek and Cyrillic letters and the kana voicing marks. Foundation
--   leaves Arabic (hamza, madda), Indic (vowel signs, virama, anusvara) and Thai marks alone, but
--   strip_accents removes every mark, so names holding those scripts are only lower-cased.
CREATE MACRO fold(s) AS replace(replace(
    CASE WHEN regexp_matches(s, '[\x{0600}-\x{06FF}\x{0900}-\x{0DFF}\x{0E00}-\x{0E7F}]')
         THEN lower(s) ELSE strip_accents(lower(s)) END, 'ß', 'ss'), 'ς', 'σ');
CREATE MACRO clean(s) AS nullif(trim(s), '');

COPY (
    WITH users AS (
        SELECT ordinality AS ord, id,
               clean(name) AS name, clean(username) AS username, clean(email) AS email,
               clean(coalesce(avatarURL, avatar_url)) AS avatar,
               list_filter(string_split(bio, chr(10)), lambda l: trim(l) <> '')[1] AS bio_line,
               clean(company.name) AS company
        FROM read_ndjson('{file}',
                         columns = {id: 'VARCHAR', name: 'VARCHAR', username: 'VARCHAR',
                                    email: 'VARCHAR', avatarURL: 'VARCHAR', avatar_url: 'VARCHAR',
                                    bio: 'VARCHAR', company: 'STRUCT(name VARCHAR)'})
             WITH ORDINALITY
    ), firsts AS (
        SELECT * FROM users
        QUALIFY row_number() OVER (PARTITION BY id ORDER BY ord) = 1
    ), cells AS (
        SELECT ord, name, id,
               coalesce(name, username, email, id) AS title,
               email AS subtitle,
               coalesce(clean(bio_line), company) AS caption,
               avatar AS avatarURL
        FROM firsts
    )
    SELECT id, title, subtitle, caption, avatarURL,
           upper(left_grapheme(w[1], 1)) || CASE WHEN len(w) > 1 THEN upper(left_grapheme(w[-1], 1)) ELSE '' END
               AS initials
    FROM (SELECT *, regexp_split_to_array(trim(title), '[\s\p{Z}]+') AS w FROM cells)
    ORDER BY name IS NULL, fold(name), {exact_name}, ord
) TO '{out}' (FORMAT csv, HEADER, NEW_LINE '\r\n');
