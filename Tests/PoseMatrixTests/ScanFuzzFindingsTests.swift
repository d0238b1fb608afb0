import Foundation
import Testing

@testable import PoseMatrix

/// What Fuzz/run-scan.sh found, each input cut to its core: the scan ends on it, neither trapping
/// nor looping.
@Suite("duo-pose scan: the fuzzers' findings")
struct ScanFuzzFindingsTests {
    /// Runs `body` on a thread of its own and waits up to 10 s: a reader that never ends fails
    /// the test instead of hanging the suite.
    static func finishes(_ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + 10) == .success
    }

    @Test("a run of # ending the file is read as punctuation, not as a raw string past the end")
    func hashesAtTheEnd() {
        // Fuzz finding (tokenizer): `##` with nothing after it made skipString step past the last
        // byte, and keeping strings (as Tuist manifests are read) cut bytes[end + 1..<end].
        #expect(Tokenizer.tokens(of: "let x = ##", keepingStrings: true).map(\.text) == ["let", "x", "=", "#", "#"])
        #expect(Tokenizer.tokens(of: "##a", keepingStrings: true).map(\.text) == ["#", "#", "a"])
        #expect(Tokenizer.tokens(of: "x = ##\"a\"##", keepingStrings: true).map(\.text) == ["x", "=", "a"])
        #expect(TuistProject.appTarget(path: "Project.swift", text: "let x = ##")?.name == nil)
    }

    @Test("a value list that a ) or } interrupts ends there instead of looping")
    func unclosedValueList() {
        // Fuzz finding (tuist): a `)` inside `[ … ]` is an expression's end that skip() does not
        // step over, so the list read it again and again.
        for text in ["[)]", "[\"K\": true, )]", "[\"K\": }]", "[[)]"] {
            let ended = Self.finishes {
                var tooDeep: Int?
                let file = SourceFile(path: "Project.swift", text: text, keepingStrings: true)
                _ = ManifestValue.parse(file, 0, tooDeep: &tooDeep)
            }
            #expect(ended, "\(text) was still being read after 10 s")
        }
    }

    @Test(
        "infoPlist: .file, .extendingDefault or .dictionary with no arguments is read, not a trap",
        arguments: ["file", "extendingDefault", "dictionary"])
    func formWithoutArguments(_ form: String) {
        // Fuzz finding (tuist): the arguments of `.file` were taken from three tokens on, past
        // the end of an argument that has none.
        let text = "let p = Project(targets: [.target(name: \"App\", destinations: .iOS, product: .app, infoPlist: .\(form))])"
        #expect(TuistProject.appTarget(path: "Project.swift", text: text)?.name == "App")
    }

    /// Fuzz finding (plist): a binary property list whose top dictionary holds a set (`0xC3`).
    static let setInBinaryPlist: [UInt8] = [
        0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xC3, 0x01, 0x02, 0x03,
        0x04, 0x05, 0x07, 0x5F, 0x10, 0x14, 0x55, 0x49, 0x52, 0x65, 0x71, 0x75,
        0x69, 0x72, 0x65, 0x73, 0x46, 0x75, 0x6C, 0x6C, 0x53, 0x63, 0x72, 0x65,
        0x65, 0x6E, 0x5F, 0x10, 0x49, 0x41, 0x70, 0x70, 0x6C, 0x69, 0x63, 0x61,
        0x74, 0x69, 0x6F, 0x6E, 0x53, 0x75, 0x70, 0x70, 0x6F, 0x72, 0x74, 0x33,
        0x4D, 0x75, 0x6C, 0x74, 0x69, 0x70, 0x6C, 0x65, 0x53, 0x63, 0x65, 0x6E,
        0x73, 0x5F, 0x10, 0x27, 0x55, 0x49, 0x53, 0x75, 0x70, 0x70, 0x6F, 0x72,
        0x74, 0x65, 0x64, 0x49, 0x6E, 0x74, 0x65, 0x72, 0x66, 0x61, 0x63, 0x65,
        0x4F, 0x72, 0x69, 0x65, 0x6E, 0x74, 0x61, 0x74, 0x69, 0x6F, 0x6E, 0x73,
        0x7E, 0x69, 0x70, 0x68, 0x6F, 0x6E, 0x65, 0x09, 0xA8, 0x06, 0x5F, 0x10,
        0x1E, 0x55, 0x49, 0x49, 0x6E, 0x74, 0x65, 0x72, 0x66, 0x61, 0x63, 0x65,
        0x4F, 0x72, 0x69, 0x65, 0x6E, 0x74, 0x61, 0x74, 0x69, 0x6F, 0x6E, 0x50,
        0x6F, 0x72, 0x74, 0x72, 0x61, 0x69, 0x74, 0xA2, 0x08, 0x09, 0x5F, 0x10,
        0x23, 0x55, 0x49, 0x49, 0x6E, 0x74, 0x65, 0x72, 0x66, 0x61, 0x63, 0x65,
        0x4F, 0x72, 0x69, 0x65, 0x6E, 0x74, 0x63, 0x74, 0x6A, 0x32, 0x6E, 0x4C,
        0x61, 0x6E, 0x64, 0x73, 0x63, 0x61, 0x70, 0x65, 0x4C, 0x65, 0x66, 0x74,
        0x5F, 0x10, 0x24, 0x55, 0x49, 0x49, 0x6E, 0x74, 0x65, 0x72, 0x66, 0x61,
        0x63, 0x65, 0x4F, 0x72, 0x69, 0x65, 0x6E, 0x74, 0x61, 0x74, 0x69, 0x6F,
        0x6E, 0x4C, 0x61, 0x6E, 0x64, 0x73, 0x63, 0x61, 0x70, 0x65, 0x52, 0x69,
        0x67, 0x68, 0x74, 0x08, 0x0F, 0x26, 0x49, 0x73, 0x74, 0x76, 0x97, 0x9A,
        0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE7,
    ]

    @Test("an Objective-C message ending at a label's colon has no argument there, rather than a backwards range")
    func labelAtTheMessageEnd() {
        // Fuzz finding (tokenizer, 2026-12-02): `errorHandler:;` ends the message read at the
        // token before the `;`, so the label's colon lay outside the arguments' range and the
        // argument's range ran backwards (a trap).
        var facts = SourceFacts()
        facts.read(SourceFile(path: "Open.m", text: "[app activateSceneSessionForRequest:request errorHandler:;"))
        #expect(facts.candidates[.newWindowErrorHandler]?.map(\.value) == [.choice("none")])
    }

    @Test("a ternary's branch at the file's start looks back no further than the first token")
    func ternaryBranchAtTheStart() {
        // Fuzz finding (tokenizer, 2026-12-02): `: .front` as a file's first tokens walked back
        // past the first token looking for the position a ternary is assigned to (a trap).
        for source in [": .front\n", "? .back", "x ? .front : .back"] {
            var facts = SourceFacts()
            facts.read(SourceFile(path: "Camera.swift", text: source))
            #expect(facts.candidates[.cameraUses] == nil, "\(source)")
        }
    }

    @Test("a binary property list holding a set is refused before Foundation decodes it")
    func setInBinaryPlist() {
        // Foundation on Linux crashed (SEGV) bridging the set to Swift: the scan died with it.
        #expect(BinaryPlistSize.refusal(Self.setInBinaryPlist) != nil)
    }
}
