// The libFuzzer entry point for the scan's readers: one binary for all of them (an ASan build
// takes minutes), the reader chosen by FUZZ_TARGET, read once. Compiled with the library's
// sources by Fuzz/run-scan.sh; never part of the package build.
import Foundation

/// The readers `duo-pose scan` runs on a tree's files, each fed the input as the scan would.
enum ScanFuzzTarget: String, CaseIterable {
    case tokenizer, conditions, pbxproj, yaml, xcconfig, tuist, plist

    /// The target FUZZ_TARGET names; the process stops at once on a missing or unknown name.
    static let chosen: ScanFuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
        guard let target = ScanFuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("FUZZ_TARGET=\(names) (found '\(name)')\n".utf8))
            exit(64)
        }
        return target
    }()

    func read(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .tokenizer:
            _ = Tokenizer.tokens(of: text, keepingStrings: true, nestingComments: false)
            let path = bytes.first.map { $0 & 1 == 0 } ?? true ? "Fuzz.swift" : "Fuzz.m"
            var facts = SourceFacts()
            facts.read(SourceFile(path: path, text: text))
            facts.followCalls()
        case .conditions:
            _ = Conditions.evaluate(text, defined: false)
            _ = Conditions.iPhoneTokens(Tokenizer.tokens(of: text))
        case .pbxproj:
            _ = XcodeProject(path: "Fuzz.xcodeproj/project.pbxproj", text: text)?.appTarget { _ in [:] }
        case .yaml:
            _ = YAMLReader.parse(text)
            // The same text as a project.yml whose every include is itself, as a circle would read.
            _ = XcodeGenProject.appTarget(path: "project.yml", text: text, spec: { _ in text }) { _ in [:] }
        case .xcconfig:
            _ = XCConfig.settings(path: "Fuzz.xcconfig", text: text) { name, _, _ in
                XCConfig.settings(path: name, text: text) { _, _, _ in [:] }
            }
        case .tuist:
            _ = TuistProject.appTarget(path: "Project.swift", text: text)
        case .plist:
            guard BinaryPlistSize.refusal(bytes) == nil else { return }
            _ = InfoPlist.entries(path: "Info.plist", data: Data(bytes))
        }
    }
}

/// Called by libFuzzer with each input; any crash, hang or sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScan(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    ScanFuzzTarget.chosen.read(bytes)
    return 0
}
