/// What the rules found in the sources: candidate values per key, findings and the inventory.
struct SourceFacts {
    var candidates: [ScanKey: [ScanEvidence]] = [:]
    /// Forms seen whose value the rules cannot judge (a handler passed by name), by key: each
    /// leaves its key unknown, named in the reason.
    var doubts: [ScanKey: [Doubt]] = [:]
    var findings: [ScanFinding] = []
    var inventory: [String: InventoryItem] = [:]
    var sourceFiles = 0
    /// Where a capture session is first started (`startRunning`): the session DUO014 is about.
    var firstSessionStart: ScanLocation?
    /// Whether the code names a camera or a video output: DUO014 is about camera sessions only.
    var usesVideo = false
    /// The file being read's first `startRunning`, and whether it names a camera: a session
    /// started in a file that names none (an audio recorder's) is not the one DUO014 means.
    var fileSessionStart: ScanLocation?
    var fileUsesVideo = false
    /// `@Environment(\.openWindow)` declarations whose name nothing else in their file uses, with
    /// the name: no window is asked for through them in the code an iPhone build compiles, or it
    /// is asked for in another file (an extension of the type declaring it).
    var unusedWindowDeclarations: [(name: String, location: ScanLocation)] = []
    /// Each file's first use of the word `openWindow` outside a declaration (a call, a value passed on).
    var openWindowUses: [ScanLocation] = []
    /// The file being read's `\.openWindow` declarations: the declared name, where, and the key path's index.
    var fileWindowDeclarations: [(name: String, at: Int, keyPath: Int)] = []
    /// How many times each Swift method is defined, by name and type, and whether its body
    /// saves (its last definition's); each variable's declared types by name; and the
    /// callbacks waiting on them (``followCalls()``).
    var definitions: [MethodKey: (count: Int, saves: Bool)] = [:]
    var declaredTypes: [String: Set<String>] = [:]
    var pendingSaves: [PendingSave] = []
    var pendingCalls = 0
    /// The file being read's tables (``SourceIndex``), built as rules ask for them.
    private(set) var tables: SourceIndex!

    /// The inventory's entries and the words that count for each.
    static let inventoryWords: [String: String] = [
        "WidgetKit": "WidgetKit", "WidgetBundle": "WidgetKit", "ActivityKit": "ActivityKit",
        "ActivityAttributes": "ActivityKit", "AVCaptureSession": "AVCaptureSession",
        "onHingeChange": "hinge", "UIHingeInteraction": "hinge", "sceneAccessory": "scene accessory",
        "CameraCaptureAccessory": "scene accessory", "UISceneAccessory": "scene accessory",
        "registerSceneAccessory": "scene accessory", "AVCaptureDeviceDirectionCoordinator": "direction coordinator",
        "RotationCoordinator": "rotation coordinator", "AVCaptureDeviceRotationCoordinator": "rotation coordinator",
    ]

    mutating func add(_ key: ScanKey, _ value: ScanValue, _ location: ScanLocation) {
        candidates[key, default: []].append(ScanEvidence(key: key, value: value, location: location))
    }

    /// A form at `location` that leaves `key` unknown; `one` says what it is (`an errorHandler
    /// passed by name`), `many` says it of several (`errorHandlers passed by name`).
    mutating func doubt(
        _ key: ScanKey, _ one: String, _ many: String, _ location: ScanLocation, mayGive value: ScanValue? = nil
    ) {
        doubts[key, default: []].append(Doubt(one: one, many: many, location: location, value: value))
    }

    mutating func find(_ rule: ScanRule, _ location: ScanLocation, _ message: String) {
        findings.append(ScanFinding(rule: rule, location: location, message: message))
    }

    /// Reads one file with every rule.
    mutating func read(_ file: SourceFile) {
        sourceFiles += 1
        tables = SourceIndex(file)
        (fileSessionStart, fileUsesVideo) = (nil, false)
        defer {
            tables = nil
            if fileUsesVideo { firstSessionStart = firstSessionStart ?? fileSessionStart }
            if !fileWindowDeclarations.isEmpty { readWindowUses(file) }
        }
        for index in file.tokens.indices where file.tokens[index].kind == .word {
            if let name = Self.inventoryWords[file[index]] {
                if inventory[name] == nil {
                    inventory[name] = InventoryItem(name: name, location: file.location(index), count: 0)
                }
                inventory[name]?.count += 1
            }
            readWindowRequest(file, index)
            readCamera(file, index)
            readState(file, index)
            readHinge(file, index)
            readDefinition(file, index)
            readDeclaration(file, index)
        }
    }
}

/// A form whose value the rules cannot judge, at its place, with the words a reason says it in.
struct Doubt: Sendable, Hashable {
    /// What it is, said of one: `an errorHandler passed by name`.
    var one: String
    /// The same said of several, to follow a number: `errorHandlers passed by name`.
    var many: String
    var location: ScanLocation
    /// The value the form may give, where its kind says which (a selector observing an inactive
    /// notification may save on inactive).
    var value: ScanValue?
}
