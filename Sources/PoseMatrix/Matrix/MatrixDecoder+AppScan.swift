/// `app.scan`: the app tree to derive the app block from at run time (README "Scanning an app").
extension MatrixDecoder {
    /// The request, with the key paths the block states beside `scan`; nil when there is no `scan`.
    mutating func decodeAppScan(_ node: JSONNode, _ path: KeyPath) -> AppScanRequest? {
        guard case .object(let members) = node.value, let scan = members.first(where: { $0.key == "scan" }),
            let tree = nonEmptyString(scan.value, path.appending("scan"))
        else { return nil }
        var stated: Set<String> = []
        for member in members where member.key != "scan" {
            if case .object(let fields) = member.value.value {
                stated.formUnion(fields.map { member.key + "." + $0.key })
            } else {
                stated.insert(member.key)
            }
        }
        return AppScanRequest(path: tree, statedKeys: stated)
    }
}
