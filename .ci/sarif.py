"""Checks SARIF files from `duo-pose scan --sarif` against the SARIF 2.1.0 JSON schema, and that each
result carries what GitHub code scanning needs to place it: ruleId, level, a URI relative to
%SRCROOT% and a start line; and each rule a shortDescription, help and helpUri.

Usage: python3 .ci/sarif.py SCHEMA FILE...
"""
import json
import sys
import urllib.parse

import jsonschema


def placement_errors(document):
    errors = []
    for run in document["runs"]:
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
            if physical.get("region", {}).get("startLine", 0) < 1:
                errors.append(f"{where}: no region.startLine")
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
