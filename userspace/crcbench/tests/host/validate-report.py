#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Validates crcbench-alg JSON reports against the committed JSON Schemas
(userspace/crcbench/schema/, draft-04) with python3-jsonschema. The schema is chosen by
the report's own "schema" field.

Usage: validate-report.py SCHEMA_DIR REPORT...
Exit: 0 all valid, 1 a report is invalid, 2 bad usage or unknown schema."""
import json
import pathlib
import sys

import jsonschema


def load_schemas(directory):
    schemas = {}
    for path in sorted(pathlib.Path(directory).glob("*.schema.json")):
        doc = json.loads(path.read_text())
        jsonschema.Draft4Validator.check_schema(doc)
        schemas[doc["id"]] = doc
    return schemas


def validator_for(schemas, name):
    base = next(iter(schemas)).rsplit("/", 1)[0]
    schema = schemas.get(f"{base}/{name}.schema.json")
    if schema is None:
        return None
    try:  # jsonschema >= 4.18
        from referencing import Registry, Resource
        registry = Registry().with_resources(
            (uri, Resource.from_contents(doc)) for uri, doc in schemas.items())
        return jsonschema.Draft4Validator(schema, registry=registry)
    except ImportError:  # Debian 12's 4.10
        resolver = jsonschema.RefResolver.from_schema(
            schema, store=schemas, id_of=lambda s: s.get("id", "") if isinstance(s, dict) else "")
        return jsonschema.Draft4Validator(schema, resolver=resolver)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    schemas = load_schemas(argv[1])
    bad = 0
    for report in argv[2:]:
        doc = json.loads(pathlib.Path(report).read_text())
        validator = validator_for(schemas, str(doc.get("schema")))
        if validator is None:
            print(f"{report}: no schema for {doc.get('schema')!r}")
            return 2
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for e in errors:
            where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                                  for p in e.absolute_path)
            print(f"{report}: {where}: {e.message}")
        bad += bool(errors)
        if not errors:
            print(f"{report}: valid {doc['schema']}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
