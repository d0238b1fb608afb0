import SwiftUI

@main
struct SketchApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
        WindowGroup(id: "canvas") {
            CanvasView()
        }
    }
}
