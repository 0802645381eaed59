# W1 of peers.sh, the same work as: userlist FILE --search an --sort name --page 3 --format json
# Run with -s (slurp): jq -c -s -f Benchmarks/jq/search-intl.jq FILE   (also gojq, jaq)
#
# search.jq with userlist's other rules made explicit, for data that has them (generate-users.py
# --names international): an empty name is missing (the title falls back to the username, then
# the email, then the id), users without a name sort last, and ties on the folded name are broken
# by the exact name, then by input order.
# What jq can't do: fold Unicode. ascii_downcase lowers A-Z only, so "Adrián" does not contain
# "an" and sorts after every "adria…" + ASCII letter; no accent or non-ASCII case is folded.
# dedupe: unique_by(.id) keeps the first record of each id (group_by is stable in jq, gojq and jaq) and
#   orders by id, which on the generator's data is input order (line k holds id k); the ids are
#   numbers there, so grouping by number is grouping by their text.
def clean: if type == "string" and . != "" then . else null end;
def has_an: (. // "") | ascii_downcase | contains("an");
unique_by(.id)
| map(.name |= clean | .username |= clean | .email |= clean)
| map(select((.name | has_an) or (.email | has_an) or (.username | has_an)))
| sort_by([(.name == null), (.name // "" | ascii_downcase), (.name // "")])
| .[40:60][]
| {id: (.id | tostring), title: (.name // .username // .email // (.id | tostring))}
