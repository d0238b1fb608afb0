import Foundation
import Testing

@testable import PoseMatrix

/// The library's public API is what the executable (`Sources/duo-pose/main.swift`) and the
/// Swift Testing peer (`Benchmarks/Peer`) use; everything else is internal, and the tests see it
/// through `@testable import`. A declaration made public, or no longer public, fails here until
/// this list says so.
@Suite("Public API")
struct PublicAPITests {
    static let expected: [String] = [
        "CommandLine/DuoPose.swift: public enum DuoPose",
        "CommandLine/DuoPose.swift: public enum ExitCode",
        "CommandLine/DuoPose.swift: public static func interrupted(by signal: Int32) -> Int32",
        "CommandLine/DuoPose.swift: public static func run",
        "CommandLine/DuoPose.swift: public static let cannotRead: Int32",
        "CommandLine/DuoPose.swift: public static let cannotWrite: Int32",
        "CommandLine/DuoPose.swift: public static let failure: Int32",
        "CommandLine/DuoPose.swift: public static let invalidInput: Int32",
        "CommandLine/DuoPose.swift: public static let success: Int32",
        "CommandLine/DuoPose.swift: public static let usage: Int32",
        "CommandLine/DuoPose.swift: public static let version",
        "CommandLine/Interruptions.swift: public final class Interruptions: @unchecked Sendable",
        "CommandLine/Interruptions.swift: public func exitCode(for work: Int32) -> Int32",
        "CommandLine/Interruptions.swift: public init(cancel: @escaping @Sendable () -> Void)",
        "CommandLine/TextSink.swift: public final class StandardStream: TextSink, Sendable",
        "CommandLine/TextSink.swift: public func write(_ text: String)",
        "CommandLine/TextSink.swift: public protocol TextSink: AnyObject",
        "CommandLine/TextSink.swift: public static var error: StandardStream",
        "CommandLine/TextSink.swift: public static var output: StandardStream",
        "Matrix/Matrix.swift: public struct Matrix: Sendable",
        "Matrix/Matrix.swift: public var app: App",
        "Matrix/MatrixError.swift: public struct MatrixErrors: Error, Equatable, Sendable",
        "Matrix/MatrixLoader.swift: public enum MatrixLoader",
        "Matrix/MatrixLoader.swift: public static func load(path: String) throws(MatrixErrors) -> LoadedMatrix",
        "Matrix/MatrixLoader.swift: public struct LoadedMatrix: Sendable",
        "Matrix/MatrixLoader.swift: public var matrix: Matrix",
        "Model/App.swift: public struct App: Sendable, Hashable",
        "Runner/CaseResult.swift: public enum Status: String, Sendable, CaseIterable, Codable",
        "Runner/CaseResult.swift: public struct CaseResult: Sendable, Equatable",
        "Runner/CaseResult.swift: public var status: Status",
        "Runner/Evaluation.swift: public enum Evaluation",
        "Runner/Evaluation.swift: public static func evaluate(_ testCase: TestCase, app: App) -> CaseResult",
        "Runner/Plan.swift: public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible",
        "Runner/Plan.swift: public func testCase(at index: Int) -> TestCase",
        "Runner/Plan.swift: public init(matrix: Matrix) throws(PlanError)",
        "Runner/Plan.swift: public private(set) var count",
        "Runner/Plan.swift: public struct Plan: Sendable",
        "Runner/Plan.swift: public struct TestCase: Sendable",
        "Runner/Plan.swift: public var description: String",
    ]

    @Test("the public declarations are the executable's and the peer's, no more")
    func publicDeclarations() throws {
        let folder = "Sources/PoseMatrix"
        var found: [String] = []
        for path in FactsDocumentTests.files(under: folder) where path.hasSuffix(".swift") {
            for line in try FactsDocumentTests.read(path).split(separator: "\n") {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("public ") else { continue }
                var head = text.components(separatedBy: " {")[0].components(separatedBy: " = ")[0]
                while head.hasSuffix("(") || head.hasSuffix(" ") { head.removeLast() }
                found.append(String(path.dropFirst(folder.count + 1)) + ": " + head)
            }
        }
        #expect(found.sorted() == Self.expected)
    }
}
