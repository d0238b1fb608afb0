/// What a value of each kind looks like in the schema, and the operator objects an expectation
/// of that kind takes (as the decoder reads them: ``ValueKind/operators``).
extension MatrixSchema {
    /// The schema of one value of the kind.
    static func value(of kind: ValueKind) -> SchemaValue {
        switch kind {
        case .choice(let names): .object("enum", .array(names.map(SchemaValue.string)))
        case .names(let names):
            .object([("type", .string("array")), ("items", .object("enum", .array(names.map(SchemaValue.string))))])
        case .size: pattern(#"^[0-9]{1,6}(\.[0-9]{1,3})?x[0-9]{1,6}(\.[0-9]{1,3})?$"#, "width x height in points")
        case .insets: pattern("^[0-9]{1,6},[0-9]{1,6},[0-9]{1,6},[0-9]{1,6}$", "top,leading,bottom,trailing")
        case .frame:
            pattern(
                #"^(none|-?[0-9]{1,6}(\.[0-9]{1,3})?(,-?[0-9]{1,6}(\.[0-9]{1,3})?){3})$"#, "x,y,width,height in points, or none")
        case .span: pattern(#"^[0-9]{1,6}(\.[0-9]{1,3})?-[0-9]{1,6}(\.[0-9]{1,3})?$"#, "from-to")
        case .sizeClass:
            .object(
                "enum",
                .array(["compact/compact", "compact/regular", "regular/compact", "regular/regular"].map(SchemaValue.string)))
        case .bool: .object("type", .string("boolean"))
        case .number: .object("type", .string("number"))
        case .count: .object([("type", .string("integer")), ("minimum", .number("0"))])
        case .list: .object([("type", .string("array")), ("items", .object("type", .string("string")))])
        }
    }

    private static func pattern(_ pattern: String, _ description: String) -> SchemaValue {
        .object([("type", .string("string")), ("pattern", .string(pattern)), ("description", .string(description))])
    }

    /// A plain value, then one object per operator the kind takes.
    static func branches(of kind: ValueKind, value: SchemaValue) -> [SchemaValue] {
        [value]
            + kind.operators.map { name in
                switch name {
                case "in":
                    operatorObject([("in", .object([("type", .string("array")), ("minItems", .number("1")), ("items", value)]))])
                case ">=", "<=": operatorObject([(name, .object("type", .string("number")))])
                case "≈":
                    operatorObject([
                        ("≈", value), ("tolerance", .object([("type", .string("number")), ("minimum", .number("0"))])),
                    ])
                case "contains":
                    if case .names(let names) = kind {
                        operatorObject([("contains", .object("enum", .array(names.map(SchemaValue.string))))])
                    } else {
                        operatorObject([("contains", .object("type", .string("string")))])
                    }
                default: operatorObject([(name, value)])
                }
            }
    }

    /// `{"type": "object", "properties": …, "required": [every key], "additionalProperties": false}`,
    /// where `rests` may join any operator.
    private static func operatorObject(_ properties: [(key: String, value: SchemaValue)]) -> SchemaValue {
        .object([
            ("type", .string("object")), ("properties", .object(properties + [("rests", .reference("rests"))])),
            ("required", .array(properties.map { .string($0.key) })), ("additionalProperties", .bool(false)),
        ])
    }

    /// `rests`: the levels an expectation's value must rest on.
    static var rests: SchemaValue {
        .object([
            (
                "description",
                .string(
                    "The provenance levels the value must rest on (as --trust reads them); on another level the case is not run.")
            ),
            ("type", .string("array")), ("minItems", .number("1")), ("uniqueItems", .bool(true)),
            ("items", .object("enum", .array(Provenance.allCases.map { .string($0.rawValue) }))),
        ])
    }
}
