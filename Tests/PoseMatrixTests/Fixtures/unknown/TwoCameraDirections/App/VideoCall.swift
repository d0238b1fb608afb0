import WebRTC

final class VideoCall {
    func start(_ capturer: RTCCameraVideoCapturer) {
        let front = RTCCameraVideoCapturer.captureDevices().first(where: { $0.position == .front })
        capturer.startCapture(with: front!, format: format, fps: 30)
    }
}
