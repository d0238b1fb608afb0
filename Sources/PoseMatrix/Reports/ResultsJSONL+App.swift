/// The header's `app` block: the app the run evaluated (the matrix's, with what `app.scan` read
/// laid over it), in the matrix's own form, so that reports made from results alone (`merge`,
/// report.html's pictures, signoff.html) draw the app that ran, not duo-pose's defaults.
extension ResultsJSONL {
    static func writeApp(_ app: App, into json: inout JSONWriter) {
        json.key("app")
        json.beginObject()
        flag("multipleScenes", app.multipleScenes, into: &json)
        flag("requiresFullScreen", app.requiresFullScreen, into: &json)
        json.key("orientations")
        json.strings(app.orientations.map(\.rawValue).sorted())
        json.member("linkedSDK", app.linkedSDK.rawValue)
        object("newWindow", into: &json) { json in
            json.member("via", app.newWindow.via.rawValue)
            json.member("alternate", app.newWindow.alternate.rawValue)
            json.member("errorHandler", app.newWindow.errorHandler.rawValue)
            flag("shortForm", app.newWindow.shortForm, into: &json)
        }
        object("state", into: &json) { json in
            json.member("savesOn", app.state.savesOn.rawValue)
            flag("cachesScreen", app.state.cachesScreen, into: &json)
        }
        object("hingeEffect", into: &json) {
            flag("resetsOutsidePartiallyOpen", app.hingeEffect.resetsOutsidePartiallyOpen, into: &$0)
        }
        object("cameraAccessory", into: &json) { json in
            json.member("registeredOn", app.cameraAccessory.registeredOn.rawValue)
            json.member("capture", app.cameraAccessory.capture.rawValue)
        }
        object("camera", into: &json) { json in
            json.member("uses", app.camera.uses.rawValue)
            json.member("mirroring", app.camera.mirroring.rawValue)
        }
        object("layout", into: &json) { json in
            flag("readsReservedRegions", app.layout.readsReservedRegions, into: &json)
            json.member("centersIn", app.layout.centersIn.rawValue)
            json.member("arrangement", app.layout.arrangement.rawValue)
            json.member("regionDirection", app.layout.regionDirection.rawValue)
            json.member("sheetStyle", app.layout.sheetStyle.rawValue)
        }
        json.endObject()
    }

    private static func flag(_ name: String, _ value: Bool, into json: inout JSONWriter) {
        json.key(name)
        json.bool(value)
    }

    private static func object(_ name: String, into json: inout JSONWriter, _ members: (inout JSONWriter) -> Void) {
        json.key(name)
        json.beginObject()
        members(&json)
        json.endObject()
    }
}

extension ResultsReader {
    /// The header's app block, read as a matrix's is (absent from results written by 0.2.0 and earlier,
    /// which then stand for duo-pose's default choices).
    static func app(_ node: JSONNode?, path: String, error fail: (String) -> ResultsError) throws(ResultsError) -> App? {
        guard let node else { return nil }
        var decoder = MatrixDecoder(file: path)
        let app = decoder.decodeApp(node, KeyPath().appending("app"))
        if let problem = decoder.errors.first {
            throw fail("the header's \(problem.keyPath ?? "app"): \(problem.message)")
        }
        return app
    }
}
