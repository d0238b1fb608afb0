import SwiftUI

struct ReaderView: View {
    var body: some View {
        Text("Page").onHingeChange(perform: adjust)
    }
}
