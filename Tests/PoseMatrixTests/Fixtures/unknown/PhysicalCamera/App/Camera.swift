import AVFoundation

let session = AVCaptureSession()
let inner = AVCaptureDevice.default(.builtInInnerUltraWideCamera, for: .video, position: .unspecified)
