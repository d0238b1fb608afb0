import UIKit

// The extension's code belongs to another target: its request does not count for the app.
func openFromWidget(_ app: UIApplication) {
    app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil)
}
