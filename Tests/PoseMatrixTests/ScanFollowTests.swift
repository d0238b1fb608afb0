import Foundation
import Testing

@testable import PoseMatrix

/// `state.savesOn` follows a callback's calls one level into the app's own methods, to the one
/// method of the name in the type the receiver is declared as, and cites the call; a
/// framework's method of the same name, an undeclared receiver or a name defined twice is not
/// followed. A selector's method is followed the same way.
@Suite("duo-pose scan: calls followed one level for savesOn")
struct ScanFollowTests {
    /// The key's value and where it is cited, or its unknown reason.
    static func savesOn(_ files: [String: String]) throws -> String {
        let result = try TemporaryApp(files: files).scan()
        if let saves = result.evidence.first(where: { $0.key == .stateSavesOn }) {
            return "\(saves.value) at \(saves.location.file):\(saves.location.line)"
        }
        return "unknown" + (result.unsettled.first { $0.key == .stateSavesOn }.map { ": " + $0.reason } ?? "")
    }

    static let coordinator = """
        final class SceneCoordinator {
            func didEnterBackground() {
                saveExpandedContainers()
            }
            func resetFocus() { focus = nil }
        }
        """

    @Test("a background callback calling its coordinator's method that saves saves on background, cited at the call")
    func coordinatorSaves() throws {
        let delegate = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var coordinator: SceneCoordinator!
                func sceneDidEnterBackground(_ scene: UIScene) {
                    coordinator.didEnterBackground()
                }
            }
            """
        #expect(
            try Self.savesOn(["App/SceneDelegate.swift": delegate, "App/SceneCoordinator.swift": Self.coordinator])
                == #""background" at App/SceneDelegate.swift:4"#)
        // The same with the coordinator made in place, and through optional chaining.
        let made = delegate.replacingOccurrences(
            of: "var coordinator: SceneCoordinator!", with: "let coordinator = SceneCoordinator()"
        )
        .replacingOccurrences(of: "coordinator.didEnterBackground()", with: "coordinator?.didEnterBackground()")
        #expect(
            try Self.savesOn(["App/SceneDelegate.swift": made, "App/SceneCoordinator.swift": Self.coordinator])
                == #""background" at App/SceneDelegate.swift:4"#)
    }

    @Test("a call whose method does not save, or on a receiver of a framework type, is no save")
    func notFollowed() throws {
        let calls = { (body: String, declaration: String) in
            "class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    \(declaration)\n"
                + "    func sceneDidEnterBackground(_ scene: UIScene) {\n        \(body)\n    }\n}\n"
        }
        let store = "final class Store {\n    func invalidate() { try? context.save() }\n}\n"
        let files = { (body: String, declaration: String) in
            [
                "App/SceneDelegate.swift": calls(body, declaration), "App/Store.swift": store,
                "App/SceneCoordinator.swift": Self.coordinator,
            ]
        }
        // The app's own method, which does not save.
        #expect(try Self.savesOn(files("coordinator.resetFocus()", "var coordinator: SceneCoordinator!")) == "unknown")
        // A Timer's invalidate is not the app's Store.invalidate, which saves.
        #expect(try Self.savesOn(files("timer?.invalidate()", "var timer: Timer?")) == "unknown")
        // A receiver declared as two types, or not declared, is not followed.
        let twice = files("store.invalidate()", "var store: Store?")
            .merging(["App/Other.swift": "struct Other { let store: Cache }"]) { $1 }
        #expect(try Self.savesOn(twice) == "unknown")
        #expect(try Self.savesOn(files("store.invalidate()", "")) == "unknown")
        // Declared once as the app's Store: followed.
        #expect(
            try Self.savesOn(files("store.invalidate()", "var store: Store?")) == #""background" at App/SceneDelegate.swift:4"#)
    }

    @Test(
        "a receiver made by a function without arguments, a cast or a type's shared is looked up by its type",
        arguments: [
            "appDelegate()?.handleEnterBackground()", "(UIApplication.shared.delegate as? AppDelegate)?.handleEnterBackground()",
            "AppDelegate.shared.handleEnterBackground()",
        ])
    func receivers(_ call: String) throws {
        let files = [
            "App/SceneDelegate.swift": """
            func appDelegate() -> AppDelegate? { UIApplication.shared.delegate as? AppDelegate }
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) {
                    \(call)
                }
            }
            """,
            "App/AppDelegate.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                static let shared = AppDelegate()
                func handleEnterBackground() {
                    UserDefaults.standard.set(Date(), forKey: "lastClose")
                }
            }
            """,
        ]
        #expect(try Self.savesOn(files) == #""background" at App/SceneDelegate.swift:4"#)
    }

    @Test("an unqualified call to a method of the same type, or to a function at the top level, is followed")
    func sameType() throws {
        let delegate = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillResignActive(_ application: UIApplication) {
                    storeState()
                }
                private func storeState() {
                    UserDefaults.standard.set(tab, forKey: "tab")
                }
            }
            """
        #expect(try Self.savesOn(["App/AppDelegate.swift": delegate]) == #""inactive" at App/AppDelegate.swift:3"#)
        let global = delegate.replacingOccurrences(of: "    private func storeState() {", with: "}\nfunc storeState() {")
            .replacingOccurrences(
                of: "        UserDefaults.standard.set(tab, forKey: \"tab\")\n    }\n}", with: "    archive()\n}")
        #expect(try Self.savesOn(["App/AppDelegate.swift": global]) == #""inactive" at App/AppDelegate.swift:3"#)
        // Two methods of that name in the type (overloads): not followed.
        let overloaded = delegate.replacingOccurrences(
            of: "    private func storeState() {", with: "    func storeState(_ x: Int) { }\n    private func storeState() {")
        #expect(try Self.savesOn(["App/AppDelegate.swift": overloaded]) == "unknown")
    }

    @Test("a method named like a delegate callback in a type that is no delegate is no callback")
    func callbackNamesOutsideDelegates() throws {
        let unused =
            "final class Unused {\n    func applicationDidEnterBackground() { UserDefaults.standard.set(1, forKey: \"k\") }\n}\n"
        #expect(try Self.savesOn(["App/Unused.swift": unused]) == "unknown")
        for header in [
            "final class AppDelegate", "final class Main: UIResponder, UIApplicationDelegate", "extension SceneDelegate",
        ] {
            let delegate = unused.replacingOccurrences(of: "final class Unused", with: header)
            #expect(try Self.savesOn(["App/Delegate.swift": delegate]) == #""background" at App/Delegate.swift:2"#, "\(header)")
        }
    }

    @Test("an Objective-C observer's @selector is followed to its method in the same @implementation")
    func objectiveCSelectors() throws {
        let service = { (body: String) in
            """
            @implementation VLCPlaybackService
            - (instancetype)init {
                [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(applicationWillResignActive:) name:UIApplicationWillResignActiveNotification object:nil];
                return self;
            }
            - (void)applicationWillResignActive:(NSNotification *)notification {
                \(body)
            }
            @end
            """
        }
        #expect(try Self.savesOn(["App/Service.m": service("[self savePlaybackState];")]) == #""inactive" at App/Service.m:3"#)
        #expect(try Self.savesOn(["App/Service.m": service("[self pause];")]) == "unknown")
        // Unregistered, the method is no callback: VLCPlaybackService is no delegate.
        let unregistered = service("[self savePlaybackState];").replacingOccurrences(
            of:
                "addObserver:self selector:@selector(applicationWillResignActive:) name:UIApplicationWillResignActiveNotification object:nil",
            with: "description")
        #expect(try Self.savesOn(["App/Service.m": unregistered]) == "unknown")
    }

    @Test("a notification's selector is followed to the observer's method: a save settles, none settles nothing more")
    func selectors() throws {
        let observer = { (body: String) in
            """
            final class Editor: UIViewController {
                override func viewDidLoad() {
                    NotificationCenter.default.addObserver(self, selector: #selector(willResign(_:)), name: UIApplication.willResignActiveNotification, object: nil)
                }
                @objc func willResign(_ note: Notification) {
                    \(body)
                }
            }
            """
        }
        let background =
            "class S: UIResponder, UIWindowSceneDelegate {\n func sceneDidEnterBackground(_ s: UIScene) { store.persist() }\n}"
        #expect(try Self.savesOn(["App/Editor.swift": observer("draft.write()")]) == #""inactive" at App/Editor.swift:3"#)
        // `#selector(self.name)` names the observer's method too.
        let qualified = observer("draft.write()").replacingOccurrences(
            of: "#selector(willResign", with: "#selector(self.willResign")
        #expect(try Self.savesOn(["App/Editor.swift": qualified]) == #""inactive" at App/Editor.swift:3"#)
        // A selector whose method only dismisses leaves a background save standing.
        #expect(
            try Self.savesOn(["App/Editor.swift": observer("dismiss(animated: false)"), "App/S.swift": background])
                == #""background" at App/S.swift:2"#)
        // One the rules cannot find (another observer's method) still leaves the key unknown.
        let other = observer("dismiss(animated: false)").replacingOccurrences(
            of: "addObserver(self,", with: "addObserver(editor,")
        #expect(
            try Self.savesOn(["App/Editor.swift": other, "App/S.swift": background])
                == "unknown: an inactive notification handled by a selector: App/Editor.swift:3")
    }
}
