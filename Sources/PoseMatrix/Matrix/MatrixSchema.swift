/// Matrices/schema.json, generated: the hand-kept skeleton (Resources/schema-skeleton.json: the
/// matrix's keys, the app block, axes, poses, checklist, exploration) with what the observable
/// registry decides added to its `$defs` — each kind's value, the operators an expectation of
/// that kind takes, and the `expect` and `stateExpect` objects, one property per observable.
/// `duo-pose schema` prints it; a test holds the committed file to it byte for byte.
enum MatrixSchema {
    /// The whole schema as Matrices/schema.json holds it.
    static var text: String {
        guard case .object(var members) = skeleton, let index = members.firstIndex(where: { $0.key == "$defs" }),
            case .object(let definitions) = members[index].value
        else { preconditionFailure("Resources/schema-skeleton.json has no $defs object") }
        members[index].value = .object(definitions + generatedDefinitions)
        return SchemaValue.object(members).printed
    }

    private static var skeleton: SchemaValue {
        let text = String(decoding: PackageResources.schema_skeleton_json, as: UTF8.self)
        do {
            return SchemaValue(try JSON5Reader.parse(text))
        } catch {
            preconditionFailure("Resources/schema-skeleton.json does not read: \(error)")
        }
    }

    /// The kinds with a definition of their own, in the order the schema lists them; choices and
    /// name lists are written out in each observable's property, as their values differ.
    static let namedKinds: [(name: String, kind: ValueKind)] = [
        ("bool", .bool), ("count", .count), ("frame", .frame), ("insets", .insets), ("list", .list),
        ("number", .number), ("size", .size), ("sizeClass", .sizeClass), ("span", .span),
    ]

    private static var generatedDefinitions: [(key: String, value: SchemaValue)] {
        var definitions: [(key: String, value: SchemaValue)] = namedKinds.map { ($0.name, value(of: $0.kind)) }
        definitions.append(("rests", rests))
        for (name, kind) in namedKinds {
            definitions.append(("expectation." + name, .object("anyOf", .array(branches(of: kind, value: .reference(name))))))
        }
        definitions.append(("expect", expectObject(Observable.allCases, description: nil)))
        definitions.append(
            (
                "stateExpect",
                expectObject(
                    Observable.allCases.filter { !$0.isPathCount },
                    description:
                        "Expectations about one state: counts along a path (events.*, accessory.sessions, hinge.calls) "
                        + "are not allowed.")
            ))
        return definitions
    }

    /// `expect`: one property per observable, each its description and what it takes.
    private static func expectObject(_ observables: [Observable], description: String?) -> SchemaValue {
        var members: [(key: String, value: SchemaValue)] = [("type", .string("object")), ("additionalProperties", .bool(false))]
        if let description { members.append(("description", .string(description))) }
        let properties = observables.map { observable -> (key: String, value: SchemaValue) in
            var property: [(key: String, value: SchemaValue)] = [("description", .string(observable.summary))]
            if let named = namedKinds.first(where: { $0.kind == observable.kind }) {
                property.append(("$ref", .string("#/$defs/expectation." + named.name)))
            } else {
                property.append(("anyOf", .array(branches(of: observable.kind, value: value(of: observable.kind)))))
            }
            return (observable.rawValue, .object(property))
        }
        members.append(("properties", .object(properties)))
        return .object(members)
    }
}
