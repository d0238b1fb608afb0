import SwiftUI

struct ContentView: View {
    @Environment(\.openWindow) private var openWindow
    var body: some View { Button("Open") { openWindow(id: "note") } }
}
