import Foundation
import Testing

@testable import PoseMatrix

/// Matrices/schema.json comes from the observable registry (``Observable/spec``) and the skeleton.
@Suite("Generated schema")
struct SchemaGenerationTests {
    @Test("the committed Matrices/schema.json is what 'duo-pose schema' prints, byte for byte")
    func committedIsGenerated() async throws {
        let committed = try TestFiles.read(SchemaTests.matricesFolder.appendingPathComponent("schema.json"))
        let printed = await duoPose(["schema"])
        #expect(printed.code == 0)
        #expect(printed.stdout == MatrixSchema.text)
        #expect(committed == MatrixSchema.text, "run: swift run duo-pose schema > Matrices/schema.json")
    }

    @Test("schema takes no argument")
    func noArguments() async {
        let result = await duoPose(["schema", "extra"])
        #expect(result.code == 64)
        #expect(result.stderr == "Error: unexpected argument 'extra'\nUsage: duo-pose schema\nSee 'duo-pose help schema'.\n")
    }

    /// A value of each kind, and the text an operator takes with it.
    static func sample(_ kind: ValueKind) -> String {
        switch kind {
        case .choice(let names): quoted(names[0])
        case .names(let names): "[" + quoted(names[0]) + "]"
        case .size: "\"1x1\""
        case .insets: "\"0,0,0,0\""
        case .sizeClass: "\"compact/regular\""
        case .bool: "true"
        case .number, .count: "1"
        case .list: "[\"a\"]"
        case .frame: "\"none\""
        case .span: "\"1-2\""
        }
    }

    static func operand(_ name: String, _ kind: ValueKind) -> String {
        switch name {
        case "in": "{\"in\": [\(sample(kind))]}"
        case ">=", "<=": "{\"\(name)\": 1}"
        case "≈": "{\"≈\": \(sample(kind)), \"tolerance\": 1}"
        case "contains":
            if case .names(let names) = kind { "{\"contains\": \(quoted(names[0]))}" } else { "{\"contains\": \"a\"}" }
        default: "{\"\(name)\": \(sample(kind))}"
        }
    }

    @Test("each observable's operators in the registry are the ones the decoder takes, no more, no fewer")
    func operatorsAgree() throws {
        for observable in Observable.allCases {
            for name in MatrixDecoder.operators {
                let text = """
                    {"formatVersion": 1, "name": "x", "poses": [{"pose": "P1", "expect": {"\(observable.rawValue)": \
                    \(Self.operand(name, observable.kind))}}]}
                    """
                let accepted = (try? MatrixLoader.load(bytes: Array(text.utf8), path: "m.json")) != nil
                #expect(accepted == observable.kind.operators.contains(name), "\(observable.rawValue) \(name)")
            }
        }
    }

    @Test("a choice takes no ordering: the generated schema says so, as the decoder does (the hand-kept one allowed it)")
    func choiceHasNoOrdering() throws {
        let data = Data(MatrixSchema.text.utf8)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let expect = try #require((definitions["expect"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        let display = try #require(expect["display"]?["anyOf"] as? [[String: Any]])
        let keys = display.dropFirst().map { (($0["required"] as? [String]) ?? []) }
        #expect(keys == [["=="], ["!="], ["in"]])
        #expect(expect["scene.size"]?["$ref"] as? String == "#/$defs/expectation.size")
    }
}
