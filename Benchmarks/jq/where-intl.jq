# W2 of peers.sh, the same work as:
#   userlist FILE --where '.address.city == $city' --arg city München --format ndjson
# Streams: jq -c --arg city München -f Benchmarks/jq/where-intl.jq FILE   (also gojq, jaq)
#
# where.jq with the city as an argument and userlist's other rules that matter on international
# data (generate-users.py --names international):
# - no dedupe, as where.jq: a streaming dedupe (a set of seen ids in foreach's state) is
#   quadratic in jq 1.6 (more than 10 minutes for 200k users), so jq also prints the repeated ids
#   that userlist drops; peers.sh leaves the ids that occur more than once in the file out of
#   the comparison and counts them;
# - title: name, else username, else email, else id (an empty string counts as missing);
# - caption: the company name (the generated data has no bios); avatarURL: null;
# - initials: the first characters of the title's first and last words, upper-cased. jq has
#   neither grapheme clusters nor Unicode upper-casing: it takes one code point (रा → र,
#   क्ष → क) and ascii_upcase (é → é, not É), and splits words on ASCII space only.
def clean: if type == "string" and . != "" then . else null end;
select(.address.city == $city)
| (.name | clean) as $name
| ($name // (.username | clean) // (.email | clean) // (.id | tostring)) as $title
| {id: (.id | tostring),
   title: $title,
   subtitle: (.email | clean),
   caption: (.company.name | clean),
   avatarURL: null,
   initials: ($title | split(" ") | map(select(. != ""))
              | if length == 0 then ""
                elif length == 1 then .[0][0:1]
                else .[0][0:1] + .[-1][0:1] end
              | ascii_upcase)}
