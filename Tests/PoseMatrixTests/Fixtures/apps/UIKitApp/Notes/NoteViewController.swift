import AVFoundation
import UIKit

final class NoteViewController: UIViewController {
    let session = AVCaptureSession()

    @objc func openInNewWindow() {
        let activity = NSUserActivity(activityType: "note")
        UIApplication.shared.requestSceneSessionActivation(
            nil, userActivity: activity, options: nil, errorHandler: nil)
    }

    func startScanner() {
        let string = "AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)"
        guard let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .front) else { return }
        let connection = AVCaptureConnection(inputPorts: [], output: AVCaptureVideoDataOutput())
        connection.automaticallyAdjustsVideoMirroring = false
        connection.isVideoMirrored = device.position == .front
        #if targetEnvironment(macCatalyst)
            let action = UIWindowScene.ActivationAction(title: "Open") { _ in nil }
        #endif
        _ = string
    }
}
