-- W2: the same as  userlist FILE --where '.address.city == "München"' --format ndjson
-- (the city is {city} in the query: duckdb_run.py --city sets it). The deduped users of that
-- city in input order, as cells: id, title, subtitle, caption, avatarURL, initials, one JSON
-- object per line (DuckDB's JSON writer, to standard output). Cells as in w3.duckdb.sql.
CREATE MACRO clean(s) AS nullif(trim(s), '');

COPY (
    WITH users AS (
        SELECT ordinality AS ord, id,
               clean(name) AS name, clean(username) AS username, clean(email) AS email,
               clean(coalesce(avatarURL, avatar_url)) AS avatar,
               list_filter(string_split(bio, chr(10)), lambda l: trim(l) <> '')[1] AS bio_line,
               clean(company.name) AS company, clean(address.city) AS city
        FROM read_ndjson('{file}',
                         columns = {id: 'VARCHAR', name: 'VARCHAR', username: 'VARCHAR',
                                    email: 'VARCHAR', avatarURL: 'VARCHAR', avatar_url: 'VARCHAR',
                                    bio: 'VARCHAR', company: 'STRUCT(name VARCHAR)',
                                    address: 'STRUCT(city VARCHAR)'})
             WITH ORDINALITY
    ), firsts AS (          -- dedupe first: a repeated id is dropped even if its first record is elsewhere
        SELECT * FROM users
        QUALIFY row_number() OVER (PARTITION BY id ORDER BY ord) = 1
    ), cells AS (
        SELECT ord, id,
               coalesce(name, username, email, id) AS title,
               email AS subtitle,
               coalesce(clean(bio_line), company) AS caption,
               avatar AS avatarURL
        FROM firsts
        WHERE city = '{city}'
    )
    SELECT id, title, subtitle, caption, avatarURL,
           upper(left_grapheme(w[1], 1)) || CASE WHEN len(w) > 1 THEN upper(left_grapheme(w[-1], 1)) ELSE '' END
               AS initials
    FROM (SELECT *, regexp_split_to_array(trim(title), '[\s\p{Z}]+') AS w FROM cells)
    ORDER BY ord
) TO '{out}' (FORMAT json);
