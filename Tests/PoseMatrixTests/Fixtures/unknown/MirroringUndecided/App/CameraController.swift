import AVFoundation

final class CameraController {
    let session = AVCaptureSession()
    let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .front)

    func follow(_ coordinator: AVCaptureDeviceDirectionCoordinator, _ connection: AVCaptureConnection) {
        let facing = coordinator.direction == .forward
        connection.isVideoMirrored = facing
    }

    func restore(_ connection: AVCaptureConnection) {
        connection.isVideoMirrored = mirrorPreference
    }
}
