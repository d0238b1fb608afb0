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
}
