/// What the app declared and chose: the matrix's `app` block (README "The app's choices").
public struct App: Sendable, Hashable {
    /// `UIApplicationSupportsMultipleScenes`.
    var multipleScenes = false
    /// `UIRequiresFullScreen`.
    var requiresFullScreen = false
    /// Supported interface orientations; the outer display honours them, the inner ignores them ([A T61]).
    var orientations: Set<Orientation> = [.portrait, .landscape]
    var linkedSDK: LinkedSDK = .v27_1
    var newWindow = NewWindow()
    var state = StateChoices()
    var hingeEffect = HingeEffect()
    var cameraAccessory = CameraAccessory()
    var camera = Camera()
    /// How the app lays out its content around reserved regions (`app.layout`).
    var layout = Layout()

    init() {}

    /// How the app asks for a new window.
    struct NewWindow: Sendable, Hashable {
        /// How "Open in New Window" asks: SwiftUI openWindow, UIKit activateSceneSession, an ActivationAction, or not at all.
        enum Via: String, CaseIterable, Sendable { case openWindow, activateSceneSession, activationAction, none }
        /// What the app does when a new window is refused or hidden: show the content in place, or nothing.
        enum Fallback: String, CaseIterable, Sendable { case showInPlace, none }
        var via: Via = .none
        /// `activationAction`'s alternate.
        var alternate: Fallback = .none
        /// `activateSceneSession`'s error handler.
        var errorHandler: Fallback = .none
        /// The trailing-closure `ActivationAction(title:)` initialiser ([M S0]: raises at run time).
        var shortForm = false
    }

    /// When the app saves its state and whether it caches a screenshot of itself.
    struct StateChoices: Sendable, Hashable {
        /// The scene phase the app saves per-window state on.
        enum SavesOn: String, CaseIterable, Sendable { case background, inactive }
        var savesOn: SavesOn = .background
        var cachesScreen = false
    }

    /// A hinge-driven effect (for example a parallax on the fold).
    struct HingeEffect: Sendable, Hashable {
        var resetsOutsidePartiallyOpen = true
    }

    /// The camera capture accessory registration.
    struct CameraAccessory: Sendable, Hashable {
        /// The view the camera capture accessory is registered on.
        enum RegisteredOn: String, CaseIterable, Sendable { case cameraView, rootView, none }
        /// Whether a capture session runs while the camera view is shown.
        enum Capture: String, CaseIterable, Sendable { case running, stopped }
        var registeredOn: RegisteredOn = .none
        /// Whether the app runs its capture session while its camera view is on screen.
        var capture: Capture = .running
    }

    /// Which camera the app uses and how it decides mirroring.
    struct Camera: Sendable, Hashable {
        /// The virtual front camera (the system picks the constituent) or the rear wide camera. [A T65]
        enum Uses: String, CaseIterable, Sendable { case virtualFront, rear, none }
        /// How the app decides to mirror a preview: by the camera's direction (right) or its position.
        enum Mirroring: String, CaseIterable, Sendable { case byDirection, byPosition }
        var uses: Uses = .none
        var mirroring: Mirroring = .byDirection
    }
}

/// How an interface is oriented on its display.
enum Orientation: String, CaseIterable, Sendable {
    case portrait
    case landscape

    var rotated: Orientation { self == .portrait ? .landscape : .portrait }
}
