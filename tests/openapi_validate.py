#!/usr/bin/env python3
"""Validates request bodies the bot sent against Discord's OpenAPI description.

Usage: openapi_validate.py SPEC.json BODIES.json
BODIES.json is a list of {"pointer": "<JSON pointer into the spec to a schema>", "body": ...}.
Prints one line per problem and exits 1 if any body is invalid.
"""
import json
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


def normalise(value):
    # Two known, harmless differences (../shared/discord/README.md): serenity sends
    # default_member_permissions as a string of digits, and attachment placeholder ids as
    # integers.
    if isinstance(value, dict):
        out = {k: normalise(v) for k, v in value.items()}
        for attachment in out.get("attachments") or []:
            if isinstance(attachment, dict) and isinstance(attachment.get("id"), int):
                attachment["id"] = str(attachment["id"])
        perms = out.get("default_member_permissions")
        if isinstance(perms, str) and perms.isdigit():
            out["default_member_permissions"] = int(perms)
        return out
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def main():
    spec = json.load(open(sys.argv[1]))
    bodies = json.load(open(sys.argv[2]))
    registry = Registry().with_resource(
        "urn:discord", Resource.from_contents(spec, default_specification=DRAFT202012)
    )
    problems = 0
    for item in bodies:
        validator = Draft202012Validator({"$ref": "urn:discord#" + item["pointer"]}, registry=registry)
        for body in (item["body"], normalise(item["body"])):
            errors = list(validator.iter_errors(body))
            if not errors:
                break
        else:
            for error in errors[:5]:
                problems += 1
                print(f"{item['pointer']}: {list(error.absolute_path)}: {error.message[:300]}")
    print(f"{len(bodies)} bodies checked, {problems} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
