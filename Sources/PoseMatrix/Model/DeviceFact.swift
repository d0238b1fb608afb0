/// The device as data: every number of iPhone Duo the scene model uses, and every value the
/// facts leave unknown, one row each, with its provenance, its source key and the states the
/// simulator measured it in.
///
/// The model's code holds rules (what a step does, which value applies in which state); the
/// numbers those rules use come from here, read through ``Known``. Docs/facts.md "The device
/// table" states the same rows in the same words, and `DeviceTableTests` checks the two row by
/// row, so correcting a value, a provenance or a source is one row here and one there.
enum DeviceFact: Int, CaseIterable, Sendable {
    case outerSize, innerSize, splitHalfSize, barStripWidth
    case outerBarStrip, outerCameraHole, innerBarStrip, innerCamera, foldFrame, foldMargin, regionArrivalPass
    case safeArea, outerLandscapeSafeArea, innerPortraitSafeArea
    case trailingBarSlot, bottomBarSlot, horizontalCornerMargins, verticalCornerMargins
    case flatSheetSpan, bookSheetSpan, newWindowFirstLayout, newWindowSecondLayout, accessorySize
    case hingeCalls, outerHoldAngle, innerHoldAngle, simulatorClosedAngle
    case newWindowPlacement, newWindowVisibility, splitClose, portraitSplitSize, fullScreenSize, pictureInPictureSize
    case deviceHingeCalls

    /// One row of the table.
    struct Row: Sendable {
        /// The row's name in Docs/facts.md, such as `inner.fold.frame`.
        let key: String
        let value: Known<Quantity>
        /// How firm the value is outside the states it was measured in.
        let elsewhere: Elsewhere
        /// The simulator measurement, its citations worked out once; nil when nobody measured it.
        let measurement: SceneModel.Measurement?
    }

    /// How firm a measured value is where it was not measured.
    enum Elsewhere: Sendable {
        /// Carried over: an inference citing the measurement.
        case carriedOver
        /// Apple publishes the same value, so it is Apple's word on a device and in unmeasured states.
        case apple
        /// Not measured: the value's own provenance holds everywhere.
        case same
    }

    /// The rows, in the order of the cases, built once.
    static let rows: [Row] = allCases.map(\.definition)

    /// This fact's row.
    var row: Row { Self.rows[rawValue] }

    /// The value, for a fact the table knows; stopped for an unknown one, which has no value to use.
    var quantity: Quantity {
        guard let value = row.value.value else { preconditionFailure("\(row.key) is unknown") }
        return value
    }

    /// The value as text, for a fact the table knows.
    var text: String { quantity.description }

    /// The reason no source gives this fact, for an unknown one.
    var reason: String {
        guard case .unknown(let reason) = row.value else { preconditionFailure("\(row.key) is known") }
        return reason
    }
}
