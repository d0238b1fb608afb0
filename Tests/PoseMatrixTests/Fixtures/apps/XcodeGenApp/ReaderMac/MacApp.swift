import SwiftUI

struct MacOnlyOpener {
    @Environment(\.openWindow) var openWindow
}
