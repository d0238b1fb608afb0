import UIKit

final class Opener: UIViewController {
    func openNote() {
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil) { _ in
            self.present(self.noWindowAlert(), animated: true)
        }
    }

    func openDraft() {
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: handleError)
    }

    // Its body presents, but the rules judge the handler where the request passes it, and do not follow names.
    func handleError(_ error: Error) {
        present(noWindowAlert(), animated: true)
    }
}
