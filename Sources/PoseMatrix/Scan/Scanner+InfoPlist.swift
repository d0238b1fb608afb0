import Foundation

/// The app target's Info.plist: the file `INFOPLIST_FILE` names, looked up among the files the
/// walk found (so a path out of the tree, or a link out of it, is never read), with the generated
/// keys over it.
extension Scanner {
    /// The merged entries (nil when the target has neither a file nor generated keys), whether the
    /// file was read, and why not when the target names one that could not be.
    struct PlistRead {
        var entries: [String: PlistEntry]?
        var fileRead = false
        var unread: Unread?
    }

    static func infoPlist(_ target: AppTarget, tree: inout SourceTree) -> PlistRead {
        var read = PlistRead()
        // XcodeGen writes `info.properties`, and Tuist its manifest's Info.plist, into the file it generates:
        // they are the file.
        var file = target.properties
        if file == nil, let setting = target.settings["INFOPLIST_FILE"], !setting.value.isEmpty {
            switch plistFile(target, setting: setting, tree: &tree) {
            case .read(let path, let bytes):
                let refusal = BinaryPlistSize.refusal(bytes)
                file = refusal == nil ? InfoPlist.entries(path: path, data: Data(bytes)) : nil
                if file == nil {
                    let entry = Unread(path: path, reason: .malformed(refusal ?? "not a property list"))
                    tree.record(entry)
                    read.unread = entry
                }
                read.fileRead = file != nil
            case .unread(let entry):
                read.unread = entry
            }
        }
        if file == nil, read.unread == nil, let problem = target.problems.first { read.unread = problem }
        let generated = InfoPlist.generated(target.settings)
        if file == nil && generated == nil && read.unread == nil { return read }
        read.entries = InfoPlist.merged(file: file ?? [:], generated: generated ?? [:])
        return read
    }

    private enum PlistFile {
        case read(String, [UInt8])
        case unread(Unread)
    }

    /// The bytes of the file `INFOPLIST_FILE` names; the reason it was not read, recorded, otherwise.
    private static func plistFile(_ target: AppTarget, setting: BuildSetting, tree: inout SourceTree) -> PlistFile {
        let at = setting.location
        let path: String
        switch target.infoPlistPath {
        case .inTree(let inTree): path = inTree
        case .unresolved(let variable):
            let entry = Unread(path: at.file, line: at.line, reason: .settingUnresolved("INFOPLIST_FILE", variable))
            tree.record(entry)
            return .unread(entry)
        case .outside, nil:
            let entry = Unread(path: at.file, line: at.line, reason: .settingOutside("INFOPLIST_FILE"))
            tree.record(entry)
            return .unread(entry)
        }
        guard let file = tree.file(at: path) else {
            // The walk met it and could not read it (too large, a link out of the tree), or it is not there.
            if let entry = tree.unread(at: path) { return .unread(entry) }
            let entry = Unread(path: at.file, line: at.line, reason: .settingMissing("INFOPLIST_FILE"))
            tree.record(entry)
            return .unread(entry)
        }
        guard let bytes = tree.bytes(of: file, binaryAllowed: true) else { return .unread(tree.unread.last!) }
        return .read(path, bytes)
    }
}
