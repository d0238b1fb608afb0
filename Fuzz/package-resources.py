"""Writes the PackageResources table SwiftPM generates for the library's embedded resources
(`embedInCode`), so that swiftc can build the library's sources outside SwiftPM.
Usage: python3 Fuzz/package-resources.py OUTPUT.swift"""
import sys

RESOURCES = ["Sources/PoseMatrix/Resources/duo-scenes.json", "Sources/PoseMatrix/Resources/schema-skeleton.json"]

with open(sys.argv[1], "w") as out:
    out.write("enum PackageResources {\n")
    for path in RESOURCES:
        name = path.rsplit("/", 1)[1].replace("-", "_").replace(".", "_")
        data = open(path, "rb").read()
        out.write("    static let %s: [UInt8] = [%s]\n" % (name, ",".join(str(b) for b in data)))
    out.write("}\n")
