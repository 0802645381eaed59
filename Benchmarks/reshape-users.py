#!/usr/bin/env python3
"""Rewrites JSONPlaceholder-shaped users (generate-users.py's NDJSON) as other APIs' pages, for
the mapping benchmark: the same people, in each API's field names and envelope.

    python3 Benchmarks/reshape-users.py --to dummyjson --page-size 100 < users.ndjson > pages.ndjson

Output is one page per line (NDJSON of envelopes), as a nightly job that saves each page would
have it. --to: jsonplaceholder (bare arrays), dummyjson, randomuser, scim, okta (a bare array
of Okta users, read by the general mapping).
"""

import argparse
import json
import sys


def split_name(name):
    parts = name.split(" ")
    return parts[0], " ".join(parts[1:]) or parts[0]


def dummyjson(u):
    first, last = split_name(u["name"])
    a = u["address"]
    return {
        "id": u["id"], "firstName": first, "lastName": last, "maidenName": "", "age": 30,
        "gender": "female", "email": u["email"], "phone": u["phone"], "username": u["username"],
        "password": "x" * 10, "birthDate": "1996-5-30", "image": f"https://dummyjson.com/icon/{u['username']}/128",
        "address": {"address": a["street"], "city": a["city"], "state": "Mississippi", "stateCode": "MS",
                    "postalCode": a["zipcode"], "coordinates": {"lat": float(a["geo"]["lat"]), "lng": float(a["geo"]["lng"])},
                    "country": "United States"},
        "company": {"department": "Engineering", "name": u["company"]["name"], "title": "Sales Manager"},
        "role": "admin",
    }


def randomuser(u):
    first, last = split_name(u["name"])
    a = u["address"]
    return {
        "gender": "female", "name": {"title": "Ms", "first": first, "last": last},
        "location": {"street": {"number": 8929, "name": a["street"]}, "city": a["city"], "state": "Ohio",
                     "country": "United States", "postcode": a["zipcode"],
                     "coordinates": {"latitude": a["geo"]["lat"], "longitude": a["geo"]["lng"]},
                     "timezone": {"offset": "+1:00", "description": "Brussels, Copenhagen, Madrid, Paris"}},
        "email": u["email"],
        "login": {"uuid": f"00000000-0000-4000-8000-{u['id']:012d}", "username": u["username"], "password": "x"},
        "phone": u["phone"], "cell": u["phone"],
        "picture": {"large": f"https://randomuser.me/api/portraits/women/{u['id'] % 100}.jpg"},
        "nat": "US",
    }


def scim(u):
    first, last = split_name(u["name"])
    return {
        "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"], "id": str(u["id"]), "userName": u["username"],
        "name": {"formatted": u["name"], "givenName": first, "familyName": last},
        "emails": [{"value": "other@example.com", "type": "home"}, {"value": u["email"], "type": "work", "primary": True}],
        "phoneNumbers": [{"value": u["phone"], "type": "work"}], "active": True,
        "meta": {"resourceType": "User", "location": f"https://example.com/v2/Users/{u['id']}"},
    }


def okta(u):
    first, last = split_name(u["name"])
    return {
        "id": f"00u{u['id']:017d}", "status": "ACTIVE", "created": "2013-06-24T16:39:18.000Z",
        "profile": {"firstName": first, "lastName": last, "email": u["email"], "login": u["username"],
                    "mobilePhone": u["phone"]},
        "credentials": {"provider": {"type": "OKTA", "name": "OKTA"}},
    }


def page(kind, users, number, size):
    if kind == "jsonplaceholder":
        return users
    if kind == "dummyjson":
        return {"users": [dummyjson(u) for u in users], "total": 0, "skip": number * size, "limit": size}
    if kind == "randomuser":
        return {"results": [randomuser(u) for u in users], "info": {"seed": "x", "results": size, "page": number + 1, "version": "1.4"}}
    if kind == "scim":
        return {"schemas": ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], "totalResults": 0,
                "itemsPerPage": size, "startIndex": number * size + 1, "Resources": [scim(u) for u in users]}
    if kind == "okta":
        return [okta(u) for u in users]
    raise SystemExit(f"unknown --to {kind}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--to", required=True)
    parser.add_argument("--page-size", type=int, default=100)
    args = parser.parse_args()
    users, number = [], 0
    out = sys.stdout
    for line in sys.stdin:
        users.append(json.loads(line))
        if len(users) == args.page_size:
            out.write(json.dumps(page(args.to, users, number, args.page_size), ensure_ascii=False, separators=(",", ":")) + "\n")
            users, number = [], number + 1
    if users:
        out.write(json.dumps(page(args.to, users, number, args.page_size), ensure_ascii=False, separators=(",", ":")) + "\n")


main()
