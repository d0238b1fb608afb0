import UIKit

final class ShutterViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let action = UIWindowScene.ActivationAction(title: "Open Gallery") { _ in
            UIWindowScene.ActivationConfiguration(userActivity: NSUserActivity(activityType: "gallery"))
        }
        navigationItem.rightBarButtonItem = UIBarButtonItem(primaryAction: action)
    }
}

#if os(visionOS)
    struct GalleryButton: View {
        @Environment(\.openWindow) var openWindow
    }
#endif
