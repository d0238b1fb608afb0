import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func sceneWillResignActive(_ scene: UIScene) {
        // Called when the scene will move from an active state to an inactive state.
        // Save your data here so nothing is lost.
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        NotesStore.shared.save()
    }
}
