/// The scene sizes of the two displays, in points, as observables write them. [M AX-DGb; A App Store Connect]
enum DisplaySize {
    /// The outer display held in portrait.
    static let outer = "466x678"
    /// The outer display held in landscape: the portrait size turned.
    static let outerLandscape = "678x466"
    /// The inner display in landscape, its natural orientation.
    static let inner = "951x669"
    /// The inner display turned to portrait.
    static let innerPortrait = "669x951"
}
