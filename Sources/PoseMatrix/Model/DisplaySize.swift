/// The scene sizes of the two displays as observables write them, from the device table's rows
/// (``DeviceFact/outerSize``, ``DeviceFact/innerSize``) and the same turned a quarter.
enum DisplaySize {
    /// The outer display held in portrait.
    static let outer = DeviceFact.outerSize.text
    /// The outer display held in landscape: the portrait size turned.
    static let outerLandscape = turned(.outerSize)
    /// The inner display in landscape, its natural orientation.
    static let inner = DeviceFact.innerSize.text
    /// The inner display turned to portrait.
    static let innerPortrait = turned(.innerSize)

    /// A size row turned a quarter.
    static func turned(_ fact: DeviceFact) -> String {
        let size = fact.quantity.size
        return Quantity.size(width: size.height, height: size.width).description
    }

    /// A size row less the bar strip's width, where an app linked before 27.1 stops beside it
    /// [A T61]: `landscape` turns the display first.
    static func besideBars(_ fact: DeviceFact, landscape: Bool) -> String {
        let size = fact.quantity.size
        let (width, height) = landscape == (size.width > size.height) ? size : (size.height, size.width)
        return Quantity.size(width: width - DeviceFact.barStripWidth.quantity.number, height: height).description
    }
}
