import UIKit

final class LegacyOpener: UIViewController {
    func open() {
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil) { error in
            self.present(self.alert(for: error), animated: true)
        }
    }
}
