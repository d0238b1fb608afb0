import AVFoundation

final class QRScanner {
    let session = AVCaptureSession()
    let camera = AVCaptureDevice.default(for: .video)
}
