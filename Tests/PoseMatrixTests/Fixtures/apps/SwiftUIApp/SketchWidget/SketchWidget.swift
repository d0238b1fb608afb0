import SwiftUI
import WidgetKit

@main
struct SketchWidgets: WidgetBundle {
    var body: some Widget { SketchWidget() }
}
