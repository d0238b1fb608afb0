import Foundation
import Testing

/// The library's folders are layers: each uses only the types and free functions of the folders
/// before it in `LayerCheck.order`, and its functions stay short enough to read in one screen.
@Suite struct LayerTests {
    static let sources = TestFiles.packageRoot.appendingPathComponent("Sources/PoseMatrix")

    /// Every folder's files, read from disk, as the checks take them.
    static func folders() throws -> [String: [String: String]] {
        let manager = FileManager.default
        var folders: [String: [String: String]] = [:]
        for folder in try manager.contentsOfDirectory(atPath: sources.path) where !folder.hasPrefix(".") {
            let url = sources.appendingPathComponent(folder)
            for file in try manager.contentsOfDirectory(atPath: url.path) where file.hasSuffix(".swift") {
                folders[folder, default: [:]][file] = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
            }
        }
        return folders
    }

    @Test func everyFolderHasAPlaceInTheOrder() throws {
        #expect(Set(try Self.folders().keys) == Set(LayerCheck.order))
    }

    @Test func noFolderUsesATypeOrFreeFunctionOfAFolderAboveIt() throws {
        let violations = LayerCheck.violations(in: try Self.folders())
        #expect(violations == [], "\(violations.joined(separator: "\n"))")
    }

    @Test func theCheckNamesAUseOfAHigherFoldersType() {
        let folders = [
            "Support": ["Quoting.swift": "// Report\nfunc quoted() { let note = \"Report\"; _ = Report(\"\\(Header.x)\") }"],
            "Model": ["Pose.swift": "struct Pose { struct Report {} }"],
            "Reports": ["Report.swift": "struct Report {}\nenum Header {}"],
        ]
        #expect(
            LayerCheck.violations(in: folders) == [
                "Support/Quoting.swift uses Header (declared in Reports/)",
                "Support/Quoting.swift uses Report (declared in Reports/)",
            ])
    }

    @Test func theCheckNamesACallOfAHigherFoldersFreeFunction() {
        let folders = [
            "Support": [
                "JSON.swift": "func write() { let n = formatNumber(1); _ = render(2); _ = x.summary(3) }",
                "Own.swift": "struct W { func render(_ v: Int) -> Int { v } }",
            ],
            "Model": ["Number.swift": "func formatNumber(_ n: Int) -> String { \"\" }\nfunc summary(_ n: Int) {}"],
            "Reports": ["Render.swift": "func render(_ n: Int) -> Int { n }"],
        ]
        #expect(LayerCheck.violations(in: folders) == ["Support/JSON.swift calls formatNumber() (declared in Model/)"])
    }

    @Test func aNestedTypeExemptsOnlyTheFileDeclaringIt() {
        let folders = [
            "Model": [
                "Tallies.swift": "struct Tallies { struct Tally {}; var a: Tally }",
                "Other.swift": "func f(_ t: Tally) {}",
            ],
            "Reports": ["Tally.swift": "struct Tally {}"],
        ]
        #expect(LayerCheck.violations(in: folders) == ["Model/Other.swift uses Tally (declared in Reports/)"])
    }

    @Test func theCheckSkipsCommentsStringsAndMembers() {
        let folders = [
            "Support": ["Text.swift": "/* Report */ let a = \"Report \\\"Report\\\"\"; let b = #\"Report\"#; x.Report"],
            "Reports": ["Report.swift": "struct Report {}"],
        ]
        #expect(LayerCheck.violations(in: folders) == [])
    }

    @Test func functionsInTheLibraryHaveAtMostFiftyLines() throws {
        var long: [String] = []
        for (folder, files) in try Self.folders() {
            for (file, text) in files {
                for function in SwiftSourceScan(text).functions where function.lines > LayerCheck.maximumFunctionLines {
                    long.append("\(folder)/\(file): \(function.name)")
                }
            }
        }
        #expect(long.sorted() == [], "\(long.sorted().joined(separator: "\n"))")
    }

    @Test func functionLengthCountsFromFuncToItsClosingBrace() {
        let text = """
            protocol Writer { func write() }
            struct Job {
                func run(
                    a: Int = { 1 }()
                ) -> Int {
                    let text = "}"
                    return a
                }
                func one() { }
            }
            """
        #expect(
            SwiftSourceScan(text).functions == [
                .init(name: "run", line: 3, lines: 6), .init(name: "one", line: 9, lines: 1),
            ])
    }
}

/// The layer order and the check against it.
enum LayerCheck {
    /// From the bottom up: a folder may use types declared in itself and the folders before it.
    static let order = ["Support", "Model", "Scan", "Matrix", "Runner", "Reports", "CommandLine"]

    static let maximumFunctionLines = 50

    /// `Folder/File.swift uses Type (declared in Higher/)`, sorted, for every such use.
    ///
    /// A name counts as the top-level type of the lowest folder declaring it; a nested type
    /// (`EventTallies.Tally` in Model) counts in the file declaring it, so that a use of it there
    /// is not taken for a higher folder's type of the same name (`Tally` in Reports), while a use
    /// of that name anywhere else in a lower folder still is.
    static func violations(in folders: [String: [String: String]]) -> [String] {
        var declaredIn: [String: Int] = [:]
        for (folder, files) in folders {
            guard let level = order.firstIndex(of: folder) else { continue }
            for text in files.values {
                for name in SwiftSourceScan(text).declaredTypes(nested: false) {
                    declaredIn[name] = min(declaredIn[name] ?? level, level)
                }
            }
        }
        var violations: [String] = []
        for (folder, files) in folders {
            guard let level = order.firstIndex(of: folder) else { continue }
            for (file, text) in files {
                let scan = SwiftSourceScan(text)
                let nestedHere = Set(scan.declaredTypes(nested: true))
                for name in scan.typeReferences {
                    if let home = declaredIn[name], home > level, !nestedHere.contains(name) {
                        violations.append("\(folder)/\(file) uses \(name) (declared in \(order[home])/)")
                    }
                }
            }
        }
        return (violations + callViolations(in: folders)).sorted()
    }

    /// `Folder/File.swift calls name() (declared in Higher/)` for every call of a free function
    /// declared in a higher folder, unless the caller's folder or one below it declares a function
    /// or method of that name (then the call is taken to be its own).
    static func callViolations(in folders: [String: [String: String]]) -> [String] {
        var freeIn: [String: Int] = [:]
        var anyIn: [String: Int] = [:]
        for (folder, files) in folders {
            guard let level = order.firstIndex(of: folder) else { continue }
            for text in files.values {
                let scan = SwiftSourceScan(text)
                for name in scan.declaredFunctions(topLevel: true) { freeIn[name] = min(freeIn[name] ?? level, level) }
                for name in scan.declaredFunctions(topLevel: false) { anyIn[name] = min(anyIn[name] ?? level, level) }
            }
        }
        var violations: [String] = []
        for (folder, files) in folders {
            guard let level = order.firstIndex(of: folder) else { continue }
            for (file, text) in files {
                for name in SwiftSourceScan(text).calls {
                    if let home = freeIn[name], home > level, (anyIn[name] ?? home) > level {
                        violations.append("\(folder)/\(file) calls \(name)() (declared in \(order[home])/)")
                    }
                }
            }
        }
        return violations
    }
}
