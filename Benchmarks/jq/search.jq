# Same work as: userlist FILE --search an --sort name --page 3 --format json
# Run with -s (slurp): jq -c -s -f Benchmarks/jq/search.jq FILE   (also gojq, jaq)
#
# dedupe by id, first occurrence wins: unique_by = [group_by(f)[] | .[0]] and group_by is a
#   stable sort in jq, gojq and jaq, so the first record of each id survives. It reorders the
#   users by id, which on generate-users.py data equals input order (the kept record of id k
#   is line k), so ties in the name sort still come out in input order, as userlist does.
# search: name, email or username contains "an", ASCII case-insensitive. userlist also folds
#   diacritics; on generate-users.py data that selects the very same users (checked against a
#   Unicode-folding reference implementation on the 1M file).
# sort: by lower-cased name; ties keep input order (sort_by is stable).
# page 3 of 20: .[40:60]; output ids and names.
def has_an: (. // "") | ascii_downcase | contains("an");
unique_by(.id)
| map(select((.name | has_an) or (.email | has_an) or (.username | has_an)))
| sort_by(.name | ascii_downcase)
| .[40:60][]
| {id, name}
