import AppKit

func openFromMac(_ app: UIApplication) {
    app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil)
}
