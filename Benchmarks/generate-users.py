#!/usr/bin/env python3
"""Deterministic generator of JSONPlaceholder-shaped users for the benchmarks.

    python3 Benchmarks/generate-users.py --count 1000000 --out Benchmarks/data/users-1m.ndjson
    python3 Benchmarks/generate-users.py --count 1000 --format array > users.json
    python3 Benchmarks/generate-users.py --count 1000 --format envelope > envelope.json
    python3 Benchmarks/generate-users.py --count 1000000 --names international --out users-intl-1m.ndjson

Every user has the shape of a `GET https://jsonplaceholder.typicode.com/users` element:
id (int), name, username, email, address{street,suite,city,zipcode,geo{lat,lng}}, phone,
website, company{name,catchPhrase,bs} -- about 450 bytes per NDJSON line.

Properties the benchmarks rely on:
  * the same --count and --seed give byte-identical output (python3 stdlib only, no network);
  * names come from fixed first/last name lists, so `--search an` matches a good fraction;
  * about 1% of the names are non-ASCII (José Núñez, Zoë Müller, 张伟, ...);
  * cities come from a fixed list that includes "South Elvis" and "Gwenborough";
  * about 0.1% of the records reuse an earlier id (with a different name), so dedupe matters.

--names ascii (the default) is the original data, byte for byte. --names international makes a
global user base instead (about two thirds of the names not ASCII, in a dozen scripts; mostly ASCII
usernames and emails; partly native cities): see intl_users.py beside this file.
"""

import argparse
import os
import random
import sys

FIRST = [
    "Leanne", "Ervin", "Clementine", "Patricia", "Chelsey", "Dennis", "Kurtis", "Nicholas",
    "Glenna", "Clementina", "Anna", "Brian", "Diana", "Ryan", "Susan", "Ethan", "Megan", "Juan",
    "Daniel", "Nathan", "Joan", "Ian", "Morgan", "Jordan", "Logan", "Hannah", "Stefan", "Frank",
    "Alice", "Bob", "Charlie", "Emma", "Olivia", "Liam", "Noah", "Sophia", "Mia", "Lucas",
    "Oliver", "Chloe", "Grace", "Henry", "Isla", "Jack", "Kate", "Leo", "Maya", "Oscar",
    "Paula", "Quinn", "Rosa", "Sam", "Tara", "Umar", "Vera", "Will", "Xena", "Yusuf", "Zoe",
    "Peter", "Ruth", "Mark", "Eve", "Otto", "Felix", "Ida", "Hugo", "Lotte", "Kim",
]
LAST = [
    "Graham", "Howell", "Bauch", "Lebsack", "Dietrich", "Schulist", "Weissnat", "Runolfsdottir",
    "Reichert", "DuBuque", "Romaguera", "Crona", "Deckow", "Crist", "Jacobson", "Robel",
    "Corkery", "Keebler", "Considine", "Lockman", "Johns", "Abernathy", "Yost", "Hoeger",
    "Kulas", "Stanton", "Padberg", "Hettinger", "Dach", "Nienow", "McDermott", "Conner",
    "Smith", "Brown", "Taylor", "Wilson", "Moore", "Clark", "Lewis", "Walker", "Young", "King",
    "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell", "Mitchell",
    "Roberts", "Carter", "Phillips", "Evans", "Turner", "Torres", "Parker", "Collins", "Stewart",
    "Morris", "Rogers", "Reed", "Cook", "Bell", "Cooper", "Ward", "Cox", "Diaz", "Fischer",
]
# about 1% of the users get one of these (first, last) pairs
NON_ASCII = [
    ("José", "Núñez"), ("Zoë", "Müller"), ("Anders", "Ångström"), ("François", "Dubois"),
    ("Jürgen", "Groß"), ("Łukasz", "Wójcik"), ("Søren", "Kierkegaard"), ("Inés", "Peña"),
    ("Çağla", "Yılmaz"), ("Ana", "Conceição"), ("Björk", "Guðmundsdóttir"), ("Renée", "Lefèvre"),
    ("张", "伟"), ("李", "娜"), ("王", "芳"), ("山田", "太郎"), ("민준", "김"), ("Дмитрий", "Иванов"),
]
PREFIX = ["Mrs.", "Mr.", "Ms.", "Dr.", "Miss"]
SUFFIX = ["Jr.", "Sr.", "II", "V", "MD", "DDS", "PhD"]
CITIES = [
    "Gwenborough", "Wisokyburgh", "McKenziehaven", "South Elvis", "Roscoeview", "South Christy",
    "Howemouth", "Aliyaview", "Bartholomebury", "Lebsackbury", "Port Jadenville", "East Annabel",
    "North Ryanfort", "Lake Dianaside", "New Morganton", "West Ethanberg", "Kozeyshire",
    "Schowalterfurt", "Lake Lonnie", "Port Sandra", "Mitchellmouth", "Bernierstad",
]
STREETS = [
    "Kulas Light", "Victor Plains", "Douglas Extension", "Hoeger Mall", "Skiles Walks",
    "Norberto Crossing", "Rex Trail", "Ellsworth Summit", "Dayna Park", "Kattie Turnpike",
    "Ondricka Port", "Brekke Via", "Schaden Haven", "Gutmann Crescent", "Haley Inlet",
    "Wehner Loop", "Bednar Ferry", "Reinger Unions", "Kihn Estates", "Pfannerstill Drive",
]
DOMAINS = [
    "april.biz", "melissa.tv", "yesenia.net", "kory.org", "annie.ca", "jasper.info", "billy.biz",
    "rosamond.me", "dana.io", "karina.biz", "example.com", "mail.example.org", "hotmail.com",
    "gmail.com", "yahoo.com",
]
WEB_WORDS = [
    "hildegard", "anastasia", "ramiro", "kale", "demarco", "ola", "elvis", "jacynthe", "conrad",
    "ambrose", "lenny", "bernie", "vivian", "toby", "laron", "quinton", "rosalind", "maude",
]
TLDS = ["org", "net", "info", "biz", "io", "com", "me", "tv"]
CO_SUFFIX = ["LLC", "Group", "Inc", "and Sons", "- Ltd"]
CATCH = (
    ["Multi-layered", "Proactive", "Face to face", "Multi-tiered", "User-centric", "Synchronised",
     "Configurable", "Implemented", "Switchable", "Centralized", "Robust", "Seamless"],
    ["client-server", "didactic", "bifurcated", "zero tolerance", "fault-tolerant", "bottom-line",
     "multimedia", "secondary", "contextually-based", "empowering", "holistic", "24/7"],
    ["neural-net", "contingency", "interface", "productivity", "solution", "task-force",
     "concept", "project", "framework", "database", "hierarchy", "paradigm"],
)
BS = (
    ["harness", "synergize", "e-enable", "transition", "revolutionize", "generate", "aggregate",
     "target", "leverage", "orchestrate", "streamline", "monetize"],
    ["real-time", "scalable", "strategic", "cutting-edge", "end-to-end", "enterprise",
     "innovative", "extensible", "B2B", "viral", "sticky", "open-source"],
    ["e-markets", "supply-chains", "applications", "web services", "systems", "e-tailers",
     "technologies", "models", "platforms", "channels", "synergies", "paradigms"],
)
PHONE_FORMATS = [
    "1-{a}-{b}-{c} x{x}", "{a}-{b}-{c} x{x}", "1-{a}-{b}-{c}", "({a}){b}-{c}", "{a}.{b}.{c}",
    "{a}.{b}.{c} x{x}", "{a}-{b}-{c}",
]

BATCH = 20000


def build_pools(rng):
    """Pre-rendered pieces that are expensive to make per user (phones, geo, zip, companies)."""
    phones = []
    for _ in range(4099):
        f = rng.choice(PHONE_FORMATS)
        phones.append(f.format(a=rng.randint(100, 999), b=rng.randint(100, 999),
                               c=rng.randint(1000, 9999), x=rng.randint(10, 99999)))
    geos = ['"lat":"%.4f","lng":"%.4f"' % (rng.uniform(-90, 90), rng.uniform(-180, 180))
            for _ in range(8191)]
    zips = [("%05d" % rng.randint(0, 99999)) + ("" if rng.random() < 0.3 else "-%04d" % rng.randint(0, 9999))
            for _ in range(4093)]
    suites = [("Apt. %d" if rng.random() < 0.5 else "Suite %d") % rng.randint(100, 999) for _ in range(997)]
    companies = []
    for _ in range(2039):
        r = rng.random()
        a, b = rng.choice(LAST), rng.choice(LAST)
        name = "%s-%s" % (a, b) if r < 0.5 else "%s %s" % (a, rng.choice(CO_SUFFIX))
        cp = " ".join(rng.choice(w) for w in CATCH)
        bs = " ".join(rng.choice(w) for w in BS)
        companies.append('"company":{"name":"%s","catchPhrase":"%s","bs":"%s"}' % (name, cp, bs))
    websites = ["%s%s.%s" % (rng.choice(WEB_WORDS), "" if rng.random() < 0.5 else str(rng.randint(1, 99)),
                             rng.choice(TLDS)) for _ in range(1021)]
    return phones, geos, zips, suites, companies, websites


def user_lines(count, seed):
    rng = random.Random(seed)
    phones, geos, zips, suites, companies, websites = build_pools(rng)
    choices = rng.choices
    i = 0
    while i < count:
        n = min(BATCH, count - i)
        firsts = choices(FIRST, k=n)
        lasts = choices(LAST, k=n)
        kinds = choices(range(100), k=n)           # 0: non-ASCII, 1..3: prefix, 4..6: suffix
        extras = choices(range(1 << 16), k=n)      # cheap per-user integer for pools and variants
        extras2 = choices(range(1 << 16), k=n)
        cities = choices(CITIES, k=n)
        streets = choices(STREETS, k=n)
        domains = choices(DOMAINS, k=n)
        dups = choices(range(1000), k=n)           # 0: reuse an earlier id (~0.1%)
        out = []
        for j in range(n):
            uid = i + j + 1
            f, l, k, e, e2 = firsts[j], lasts[j], kinds[j], extras[j], extras2[j]
            if k == 0:
                f, l = NON_ASCII[e % len(NON_ASCII)]
                uf, ul = "user", str(e)
            else:
                uf, ul = f, l
            name = f + " " + l
            if 1 <= k <= 3:
                name = PREFIX[e % len(PREFIX)] + " " + name
            elif 4 <= k <= 6:
                name = name + " " + SUFFIX[e % len(SUFFIX)]
            v = e2 & 3
            if v == 0:
                username = uf + "." + ul
            elif v == 1:
                username = uf + "_" + ul
            elif v == 2:
                username = ul + str(e2 % 100)
            else:
                username = uf
            email = (uf + "." + ul if e2 & 4 else uf + "_" + ul) + "@" + domains[j]
            if dups[j] == 0 and uid > 1:
                uid = 1 + (e * 65536 + e2) % (uid - 1)
            out.append(
                '{"id":%d,"name":"%s","username":"%s","email":"%s","address":{"street":"%s","suite":"%s",'
                '"city":"%s","zipcode":"%s","geo":{%s}},"phone":"%s","website":"%s",%s}'
                % (uid, name, username, email, streets[j], suites[e % 997], cities[j], zips[e2 % 4093],
                   geos[(e ^ e2) % 8191], phones[e2 % 4099], websites[(e + e2) % 1021],
                   companies[(e * 7 + e2) % 2039]))
        yield out
        i += n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=1000, help="number of users (default 1000)")
    ap.add_argument("--seed", type=int, default=42, help="random seed (default 42)")
    ap.add_argument("--format", choices=["ndjson", "array", "envelope"], default="ndjson",
                    help="ndjson: one user per line (default); array: one big JSON array")
    ap.add_argument("--names", choices=["ascii", "international"], default="ascii",
                    help="ascii: the original names (default, byte-identical to earlier runs); "
                         "international: a global user base, see intl_users.py")
    ap.add_argument("--out", default="-", help="output file (default: standard output)")
    args = ap.parse_args()
    if args.names == "international":
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import intl_users
        batches = intl_users.user_lines(args.count, args.seed, build_pools, CATCH, BS, BATCH)
    else:
        batches = user_lines(args.count, args.seed)

    f = sys.stdout.buffer if args.out == "-" else open(args.out + ".tmp", "wb")
    first = True
    if args.format == "array":
        f.write(b"[\n")
    elif args.format == "envelope":
        # seed 000's envelope: one object whose "users" array holds everyone, a total after it.
        f.write(b'{"page": 1, "users": [\n')
    for batch in batches:
        if args.format == "ndjson":
            f.write(("\n".join(batch) + "\n").encode("utf-8"))
        else:
            chunk = ",\n".join(batch)
            f.write(((chunk if first else ",\n" + chunk)).encode("utf-8"))
            first = False
    if args.format == "array":
        f.write(b"\n]\n" if not first else b"]\n")
    elif args.format == "envelope":
        f.write((("\n]" if not first else "]") + f', "total": {args.count}, "hasMore": false}}\n').encode("utf-8"))
    f.flush()
    if args.out != "-":
        f.close()
        os.replace(args.out + ".tmp", args.out)


if __name__ == "__main__":
    main()
