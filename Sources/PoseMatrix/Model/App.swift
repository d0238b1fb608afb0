/// What the app declared and chose: the matrix's `app` block (README "The app's choices").
public struct App: Sendable, Hashable {
    /// `UIApplicationSupportsMultipleScenes`.
    public var multipleScenes = false
    /// `UIRequiresFullScreen`.
    public var requiresFullScreen = false
    /// Supported interface orientations; the outer display honours them, the inner ignores them ([A T61]).
    public var orientations: Set<Orientation> = [.portrait, .landscape]
    public var linkedSDK: LinkedSDK = .v27_1
    public var newWindow = NewWindow()
    public var state = StateChoices()
    public var hingeEffect = HingeEffect()
    public var cameraAccessory = CameraAccessory()
    public var camera = Camera()
    /// How the app lays out its content around reserved regions (`app.layout`).
    public var layout = Layout()

    public init() {}

    /// How the app asks for a new window.
    public struct NewWindow: Sendable, Hashable {
        /// How "Open in New Window" asks: SwiftUI openWindow, UIKit activateSceneSession, an ActivationAction, or not at all.
        public enum Via: String, CaseIterable, Sendable { case openWindow, activateSceneSession, activationAction, none }
        /// What the app does when a new window is refused or hidden: show the content in place, or nothing.
        public enum Fallback: String, CaseIterable, Sendable { case showInPlace, none }
        public var via: Via = .none
        /// `activationAction`'s alternate.
        public var alternate: Fallback = .none
        /// `activateSceneSession`'s error handler.
        public var errorHandler: Fallback = .none
        /// The trailing-closure `ActivationAction(title:)` initialiser ([M S0]: raises at run time).
        public var shortForm = false
    }

    /// When the app saves its state and whether it caches a screenshot of itself.
    public struct StateChoices: Sendable, Hashable {
        /// The scene phase the app saves per-window state on.
        public enum SavesOn: String, CaseIterable, Sendable { case background, inactive }
        public var savesOn: SavesOn = .background
        public var cachesScreen = false
    }

    /// A hinge-driven effect (for example a parallax on the fold).
    public struct HingeEffect: Sendable, Hashable {
        public var resetsOutsidePartiallyOpen = true
    }

    /// The camera capture accessory registration.
    public struct CameraAccessory: Sendable, Hashable {
        /// The view the camera capture accessory is registered on.
        public enum RegisteredOn: String, CaseIterable, Sendable { case cameraView, rootView, none }
        /// Whether a capture session runs while the camera view is shown.
        public enum Capture: String, CaseIterable, Sendable { case running, stopped }
        public var registeredOn: RegisteredOn = .none
        /// Whether the app runs its capture session while its camera view is on screen.
        public var capture: Capture = .running
    }

    /// Which camera the app uses and how it decides mirroring.
    public struct Camera: Sendable, Hashable {
        /// The virtual front camera (the system picks the constituent) or the rear wide camera. [A T65]
        public enum Uses: String, CaseIterable, Sendable { case virtualFront, rear, none }
        /// How the app decides to mirror a preview: by the camera's direction (right) or its position.
        public enum Mirroring: String, CaseIterable, Sendable { case byDirection, byPosition }
        public var uses: Uses = .none
        public var mirroring: Mirroring = .byDirection
    }
}

/// How an interface is oriented on its display.
public enum Orientation: String, CaseIterable, Sendable {
    case portrait
    case landscape

    var rotated: Orientation { self == .portrait ? .landscape : .portrait }
}
