#!/usr/bin/env python3
"""Writes an app tree of N files for `duo-pose scan`: one iOS app project, an Info.plist, and
Swift and Objective-C sources of about 120 lines each, with the window, camera and state APIs
the rules look for scattered through them, plus comments and strings naming them (which must
not count). Usage: scan-tree.py FOLDER [FILES]"""
import os
import sys

root = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
project = """// !$*UTF8*$!
{
\tobjects = {
\t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = Big; productType = "com.apple.product-type.application"; };
\t\tP0 = {isa = PBXProject; buildConfigurationList = L0; targets = (T1, ); };
\t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
\t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
\t\tC0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
\t\tC1 = {isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; INFOPLIST_FILE = Big/Info.plist; INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES; }; name = Release; };
\t};
\trootObject = P0;
}
"""
os.makedirs(os.path.join(root, "Big.xcodeproj"), exist_ok=True)
with open(os.path.join(root, "Big.xcodeproj", "project.pbxproj"), "w") as f:
    f.write(project)
os.makedirs(os.path.join(root, "Big"), exist_ok=True)
with open(os.path.join(root, "Big", "Info.plist"), "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
            "<key>UIRequiresFullScreen</key><false/>\n</dict>\n</plist>\n")

body = """    // requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil)
    func view{i}(_ value: Int) -> String {{
        let text = "ActivationAction(title:) {{ }} isVideoMirrored = position"
        var total = value
        for step in 0..<{i} % 17 {{ total += step * {i} }}
        /* a block comment naming openWindow and sceneWillResignActive */
        return text + String(total)
    }}
"""
for n in range(count - 2):
    folder = os.path.join(root, "Big", f"Feature{n // 100:02d}")
    os.makedirs(folder, exist_ok=True)
    if n % 10 == 9:
        with open(os.path.join(folder, f"Legacy{n}.m"), "w") as f:
            f.write("#import <UIKit/UIKit.h>\n@implementation Legacy%d\n" % n)
            for i in range(12):
                f.write("- (void)run%d { NSLog(@\"activateSceneSessionForRequest:%d\"); }\n" % (i, i))
            f.write("@end\n")
        continue
    with open(os.path.join(folder, f"View{n}.swift"), "w") as f:
        f.write(f"import SwiftUI\n\nstruct View{n}: View {{\n")
        for i in range(14):
            f.write(body.format(i=i + n))
        if n == 4242:
            f.write("    @Environment(\\.openWindow) private var openWindow\n")
        f.write("}\n")
