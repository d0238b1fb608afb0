import SwiftUI

@main
struct JournalApp: App {
    var body: some Scene {
        WindowGroup { EntryList() }
        WindowGroup(id: "entry") { EntryView() }
    }
}

struct EntryList: View {
    @Environment(\.openWindow) private var openWindow

    var body: some View {
        Button("Open") { openWindow(id: "entry") }
    }
}
