#!/usr/bin/env python3
"""Writes the hostile app trees for `duo-pose scan`, one folder per case, each a
one-target iOS app with one hostile file (or a few), at the sizes first reported. Prints
one line per case: its name, the folder, and the bytes of input a scan of it reads.
Usage: scan-hostile.py FOLDER [SCALE] [CASE...]   (SCALE multiplies every size; default 1)"""
import os
import plistlib
import sys

PROJECT = """// !$*UTF8*$!
{
\tobjects = {
\t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
%(targets)s\t\tP0 = {isa = PBXProject; buildConfigurationList = L0; targets = (%(ids)sT1, ); };
\t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
\t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
\t\tX1 = {isa = PBXFileReference; path = %(xcconfig)s; };
\t\tC0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
\t\tC1 = {isa = XCBuildConfiguration; %(base)sbuildSettings = {
\t\t\tINFOPLIST_FILE = App/Info.plist;
%(settings)s\t\t}; name = Release; };
\t};
\trootObject = P0;
}
"""

PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
<key>UIRequiresFullScreen</key><false/>
</dict>
</plist>
"""


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return len(data if isinstance(data, bytes) else data.encode())


def app(root, settings="", targets="", ids="", xcconfig=None, plist=PLIST):
    """The app's project and Info.plist; returns the bytes written."""
    base = "baseConfigurationReference = X1; " if xcconfig else ""
    project = PROJECT % dict(settings=settings, targets=targets, ids=ids, xcconfig=xcconfig or "None.xcconfig", base=base)
    size = write(os.path.join(root, "App.xcodeproj", "project.pbxproj"), project)
    if plist is not None:
        size += write(os.path.join(root, "App", "Info.plist"), plist)
    return size


def swift(root, name, text):
    return app(root) + write(os.path.join(root, "App", name), text)


def cases(scale):
    n = lambda count: max(1, int(count * scale))
    return {
        # Super-linear time: the rules' per-match scans over the whole file.
        "activation-unclosed": lambda r: swift(r, "Open.swift", "requestSceneSessionActivation(\n" * n(8000)),
        "activation-calls": lambda r: swift(
            r, "Open.swift",
            "func f() {\n" + "    app.requestSceneSessionActivation(s, userActivity: nil, options: nil, errorHandler: nil)\n" * n(8000) + "}\n"),
        "activation-one-line": lambda r: swift(
            r, "Open.swift", "app.requestSceneSessionActivation(nil, userActivity: nil, options: nil) { e in print(e) }; " * n(8000)),
        "accessory": lambda r: swift(
            r, "Scene.swift", "struct Root: View {\n" + "    let a = sceneAccessory(CameraCaptureAccessory())\n" * n(6000) + "}\n"),
        "scene-phase": lambda r: swift(
            r, "Phase.swift",
            "struct A: App {\n @Environment(\\.scenePhase) var scenePhase\n func f() { switch scenePhase {\n"
            + "    case .background: save()\n    case .inactive: save()\n" * n(6000) + "    default: break } }\n}\n"),
        "phase-assignments": lambda r: swift(r, "Phase.swift", "let s = scenePhase\n" + "x = .background: y\n" * n(30000)),
        "mirroring": lambda r: swift(r, "Camera.swift", "connection.isVideoMirrored = direction; " * n(20000)),
        "handler-nested": lambda r: swift(
            r, "Open.swift", "app.activateSceneSession(for: r) { e in \n" * n(20000) + "}\n" * n(20000)),
        "objc-selectors": lambda r: swift(r, "Open.m", "[a activateSceneSessionForRequest: r errorHandler: b]\n" * n(20000)),
        "objc-unterminated": lambda r: swift(r, "Open.m", "activateSceneSession: " * n(40000)),
        "delegate-bodies": lambda r: swift(r, "Delegate.swift", "func sceneDidEnterBackground " * n(30000)),
        # Calls followed one level (savesOn): bodies left open to the file's end, each full of calls;
        # one call naming a notification many times; many definitions and declarations.
        "callback-calls": lambda r: swift(
            r, "Delegate.swift", "func sceneDidEnterBackground(_ s: UIScene) { store.keep(); " * n(20000)),
        "selector-names": lambda r: swift(
            r, "Observe.swift",
            "center.addObserver(self, selector: #selector(f), name: " + "UIApplication.didEnterBackgroundNotification, " * n(20000)),
        "phase-lists": lambda r: swift(
            r, "Phase.swift", "let s = scenePhase\nswitch s { case " + ".inactive, " * n(60000) + ".background: save() }\n"),
        "phase-guards": lambda r: swift(
            r, "Phase.swift", "let s = scenePhase\nfunc f() { " + "guard s == .background else { keep() } " * n(20000)),
        "definitions": lambda r: swift(
            r, "Store.swift", "".join(f"var s{i}: Store\nfunc keep{i % 100}() -> Store {{ save() }}\n" for i in range(n(20000)))),
        "hinge": lambda r: swift(r, "Hinge.swift", "view.onHingeChange { x in \n" * n(20000)),
        "braces": lambda r: swift(r, "Braces.swift", "{" * n(1_000_000)),
        # Memory: a megabyte as dense in tokens as source gets (one token a byte, or a word every two).
        "semicolons": lambda r: swift(r, "Dense.swift", ";" * n(1_048_576)),
        "words": lambda r: swift(r, "Words.swift", "a " * n(524_288)),
        "hash-line": lambda r: swift(r, "Hash.swift", "#" * n(200_000) + "\n"),
        "hash-line-yml": lambda r: write(
            os.path.join(r, "project.yml"), "#" * n(200_000) + "\ntargets:\n  App:\n    type: application\n    platform: iOS\n"),
        "raw-hashes": lambda r: swift(r, "Raw.swift", "let a = " + "#" * n(200_000) + "\"x\n"),
        # Super-linear time: project descriptions.
        "pbxproj-settings": lambda r: app(r, settings="".join(f"\t\t\tKEY_{i} = value{i};\n" for i in range(n(5000)))),
        "pbxproj-settings-10k": lambda r: app(r, settings="".join(f"\t\t\tKEY_{i} = value{i};\n" for i in range(n(10000)))),
        "pbxproj-mac-targets": lambda r: app(
            r,
            settings="".join(f"\t\t\tKEY_{i} = value{i};\n" for i in range(n(1000))),
            targets="".join(
                f"\t\tM{i} = {{isa = PBXNativeTarget; buildConfigurationList = ML{i}; name = Mac{i}; "
                f"productType = \"com.apple.product-type.application\"; }};\n"
                f"\t\tML{i} = {{isa = XCConfigurationList; buildConfigurations = (MC{i}, ); }};\n"
                f"\t\tMC{i} = {{isa = XCBuildConfiguration; buildSettings = {{ SDKROOT = macosx; }}; name = Release; }};\n"
                for i in range(n(3000))),
            ids="".join(f"M{i}, " for i in range(n(3000)))),
        "pbxproj-deep": lambda r: app(r) + write(
            os.path.join(r, "Aa.xcodeproj", "project.pbxproj"), "{ a = " + "(" * n(200_000) + ")" * n(200_000) + "; }\n"),
        "xcconfig-self": lambda r: app(r, xcconfig="Self.xcconfig") + write(
            os.path.join(r, "Self.xcconfig"), "".join(f'#include "Self.xcconfig"\nKEY_{i} = {i}\n' for i in range(7))),
        "xcconfig-diamond": lambda r: app(r, xcconfig="L0.xcconfig") + sum(
            write(os.path.join(r, f"L{level}.xcconfig"),
                  f'#include "L{level + 1}.xcconfig"\n' * 8 + "".join(f"K{level}_{i} = v\n" for i in range(200)))
            for level in range(n(40))),
        "yaml-flow": lambda r: write(
            os.path.join(r, "project.yml"),
            "targets:\n  App:\n    type: application\n    platform: iOS\n    settings: "
            + "{a: " * n(10000) + "b" + "}" * n(10000) + "\n"),
        "yaml-flow-lists": lambda r: write(
            os.path.join(r, "project.yml"), "targets:\n  App:\n    type: application\n    platform: [" + "[" * n(100000) + "\n"),
        "yaml-indent": lambda r: write(
            os.path.join(r, "project.yml"),
            "targets:\n  App:\n    type: application\n    platform: iOS\n    settings:\n"
            + "".join(" " * (6 + i) + f"k{i}:\n" for i in range(n(2000)))),
        "yaml-dashes": lambda r: write(os.path.join(r, "project.yml"), "targets:\n  - " + "- " * n(100000) + "a: b\n"),
        "plist-binary-refs": lambda r: app(
            r, plist=plistlib.dumps({"UISupportedInterfaceOrientations": ["x" * 60000] * n(20000)}, fmt=plistlib.FMT_BINARY)),
        "plist-xml-deep": lambda r: app(
            r, plist="<plist><dict><key>UISupportedInterfaceOrientations</key>" + "<array>" * n(100000)
            + "</array>" * n(100000) + "</dict></plist>\n"),
        "plist-xml-one-line": lambda r: app(
            r, plist="<plist><dict><key>UIRequiresFullScreen</key><true/><key>X</key><string>"
            + "x" * n(3_900_000) + "</string></dict></plist>"),
        "plist-huge": lambda r: app(r, plist=PLIST + "<!--" + "x" * n(17_000_000) + "-->\n"),
        "tuist-nested-targets": lambda r: write(
            os.path.join(r, "Project.swift"),
            "let p = Project(targets: [" + "Target(name: \"A\", product: .app, destinations: .iOS, " * n(10000) + "\n"),
        "tuist-dictionary": lambda r: write(
            os.path.join(r, "Project.swift"),
            'let p = Project(targets: [.target(name: "A", product: .app, destinations: .iOS, infoPlist: .dictionary('
            + "[" * n(50000) + "\n"),
        "tuist-extending": lambda r: write(
            os.path.join(r, "Project.swift"),
            'let p = Project(targets: [.target(name: "A", product: .app, destinations: .iOS, infoPlist: .extendingDefault(with: '
            + '.dictionary(["a": ' * n(30000) + "\n"),
        # Crashes: deep nesting.
        "if-bangs": lambda r: swift(r, "Cond.swift", "#if " + "!" * n(200000) + "os(iOS)\nlet a = 1\n#endif\n"),
        "if-parens": lambda r: swift(r, "Cond.swift", "#if " + "(" * n(60000) + "os(iOS)\nlet a = 1\n#endif\n"),
        "if-chain": lambda r: swift(r, "Cond.swift", "#if " + "DEBUG && " * n(100000) + "os(iOS)\nlet a = 1\n#endif\n"),
        "if-nesting": lambda r: swift(r, "Cond.swift", "#if DEBUG\n" * n(100000) + "let a = 1\n"),
        # Each file read once, however many links reach it.
        "symlinks": lambda r: links(r, n(300)),
    }


def links(root, count):
    size = app(root)
    target = os.path.join(root, "App", "Big.swift")
    size += write(target, ("let value = 1 // " + "x" * 60 + "\n") * ((4 << 20) // 80))
    for i in range(count):
        os.symlink("Big.swift", os.path.join(root, "App", f"Link{i}.swift"))
    return size


def main():
    root = sys.argv[1]
    scale = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    chosen = sys.argv[3:]
    for name, make in cases(scale).items():
        if chosen and name not in chosen:
            continue
        folder = os.path.join(root, name)
        size = make(folder)
        print(name, folder, size)


if __name__ == "__main__":
    main()
