import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func sceneWillResignActive(_ scene: UIScene) {
        Library.shared.saveReadingPositions()
    }

    @objc func openBook(_ sender: Any) {
        let action = UIWindowScene.ActivationAction(
            { _ in UIWindowScene.ActivationConfiguration(userActivity: NSUserActivity(activityType: "book")) },
            alternate: UIAction(title: "Open Here") { [weak self] _ in
                self?.window?.rootViewController?.show(BookViewController(), sender: nil)
            })
        _ = action
    }
}
