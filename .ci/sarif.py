"""Checks SARIF files from `duo-pose scan --sarif` against the SARIF 2.1.0 JSON schema, and that each
result carries what GitHub code scanning needs to place it: ruleId, level, a URI relative to
%SRCROOT% that names a file there with the result's start line in it, and a partialFingerprints
entry duoPoseFinding/v1 (64 hex digits, `:N`) that no other result of the run has; and each rule a
shortDescription, help and helpUri.

Usage: python3 .ci/sarif.py SCHEMA FILE...
"""
import json
import os
import re
import sys
import urllib.parse
import urllib.request

import jsonschema


FINGERPRINT = re.compile(r"[0-9a-f]{64}:[1-9][0-9]*")


def source_errors(where, root, uri, line):
    """The file the URI names under %SRCROOT% (a file: URI) must exist and have the start line."""
    if not root.startswith("file:"):
        return [f"{where}: %SRCROOT% {root!r} is not a file: URI"]
    path = os.path.join(urllib.request.url2pathname(urllib.parse.urlsplit(root).path), urllib.parse.unquote(uri))
    if not os.path.isfile(path):
        return [f"{where}: {uri!r} names no file under %SRCROOT% {root}"]
    with open(path, "rb") as source:
        lines = source.read().count(b"\n") + 1
    return [] if line <= lines else [f"{where}: {uri!r} has {lines} lines, not line {line}"]


def placement_errors(document):
    errors = []
    for run in document["runs"]:
        root = run.get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri", "")
        fingerprints = set()
        for rule in run["tool"]["driver"]["rules"]:
            for field in ("shortDescription", "help", "helpUri"):
                if field not in rule:
                    errors.append(f"rule {rule['id']} lacks {field}")
        for index, result in enumerate(run.get("results", [])):
            where = f"result {index} ({result.get('ruleId')})"
            if not result.get("ruleId") or result.get("level") not in ("note", "warning", "error"):
                errors.append(f"{where} lacks a ruleId or a level")
            physical = result["locations"][0]["physicalLocation"]
            artifact = physical["artifactLocation"]
            uri = artifact.get("uri", "")
            if not uri or uri.startswith("/") or urllib.parse.urlsplit(uri).scheme:
                errors.append(f"{where}: uri {uri!r} is not relative")
            if artifact.get("uriBaseId") != "%SRCROOT%":
                errors.append(f"{where}: no uriBaseId %SRCROOT%")
            line = physical.get("region", {}).get("startLine", 0)
            if line < 1:
                errors.append(f"{where}: no region.startLine")
            elif uri:
                errors += source_errors(where, root, uri, line)
            fingerprint = result.get("partialFingerprints", {}).get("duoPoseFinding/v1", "")
            if not FINGERPRINT.fullmatch(fingerprint):
                errors.append(f"{where}: partialFingerprints duoPoseFinding/v1 is {fingerprint!r}, not HEX:N")
            elif fingerprint in fingerprints:
                errors.append(f"{where}: partialFingerprints duoPoseFinding/v1 {fingerprint} is another result's too")
            fingerprints.add(fingerprint)
    return errors


def main(schema_path, paths):
    schema = json.load(open(schema_path, encoding="utf-8"))
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    failed = False
    results = 0
    for path in paths:
        document = json.load(open(path, encoding="utf-8"))
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]
        errors += placement_errors(document)
        results += sum(len(run.get("results", [])) for run in document["runs"])
        for error in errors:
            print(f"{path}: {error}")
        failed = failed or bool(errors)
    print(f"{len(paths)} SARIF files, {results} results checked against {schema['id']}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
