# Same work as: userlist FILE --where '.address.city == "South Elvis"' --format ndjson
# Streams (no -s): jq -c -f Benchmarks/jq/where.jq FILE   (also gojq, jaq)
# Prints the cell view model: id as a string, title, subtitle, caption (no bios in generated
# data, so the company name), avatarURL null, and initials = first letters of the first and the
# last word of the name, upper-cased.
# Not done here: dedupe by id (userlist drops the ~0.1% repeated ids, so it may print a few lines
# fewer) and title fallbacks (every generated user has a name). gojq prints keys sorted.
select(.address.city == "South Elvis")
| {id: (.id | tostring),
   title: .name,
   subtitle: .email,
   caption: .company.name,
   avatarURL: null,
   initials: ((.name // "") | split(" ") | map(select(. != ""))
              | if length == 0 then null
                elif length == 1 then .[0][0:1]
                else .[0][0:1] + .[-1][0:1] end
              | if . == null then null else ascii_upcase end)}
