#!/usr/bin/env python3
"""Validates userlist's JSON outputs against the schemas `userlist schema` prints.

usage: validate.py SCHEMA DATA MODE, MODE one of
  ndjson  every non-empty line is one instance
  json    the whole file is one instance
  array   the whole file is an array, each element one instance
Exit 0 when every instance is valid (and there was at least one), 1 otherwise, naming each error.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    schema_path, data_path, mode = sys.argv[1:4]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    with open(data_path, encoding="utf-8") as f:
        text = f.read()
    if mode == "ndjson":
        instances = [json.loads(line) for line in text.splitlines() if line.strip()]
    elif mode == "json":
        instances = [json.loads(text)]
    elif mode == "array":
        instances = json.loads(text)
    else:
        print(f"unknown mode {mode}", file=sys.stderr)
        return 2
    if not instances:
        print(f"{data_path}: no instance to validate", file=sys.stderr)
        return 1
    failures = 0
    for number, instance in enumerate(instances, 1):
        for error in validator.iter_errors(instance):
            failures += 1
            path = "/".join(str(p) for p in error.absolute_path)
            print(f"{data_path}: instance {number} at /{path}: {error.message}", file=sys.stderr)
    print(f"{len(instances)} instances, {failures} errors")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
