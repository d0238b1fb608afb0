import SwiftUI

/// Not the app's code: the old UIKit way, kept in a comment.
/// UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil)
struct ContentView: View {
    @Environment(\.openWindow) private var openWindow
    @Environment(\.scenePhase) private var scenePhase
    @State private var store = CanvasStore()

    var body: some View {
        let open = openWindow
        Button("Open in New Window") { open(id: "canvas") }
            .help("Uses UIWindowScene.ActivationAction(title:) { } on iPad")
            .background(Color.white)
            .onChange(of: scenePhase) { _, phase in
                switch phase {
                case .background:
                    store.save()
                case .inactive:
                    break
                default:
                    break
                }
            }
            .onHingeChange { hinge in
                if hinge.state == .partiallyOpen {
                    store.tilt = hinge.angle
                } else {
                    store.tilt = 0
                }
            }
    }
}

#if os(macOS)
    extension ContentView {
        func openLegacy() {
            UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil)
        }
    }
#endif
