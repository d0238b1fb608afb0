import AVFoundation
import AVKit
import SwiftUI

struct CameraView: View {
    @State private var session = AVCaptureSession()

    var body: some View {
        PreviewView(session: session)
            .sceneAccessory {
                CameraCaptureAccessory(isEnabled: true) { Text("Smile") }
            }
            .onAppear { configure() }
    }

    func configure() {
        let discovery = AVCaptureDevice.DiscoverySession(
            deviceTypes: [.builtInWideAngleCamera, .builtInUltraWideCamera], mediaType: .video, position: .front)
        guard let device = discovery.devices.first else { return }
        let coordinator = AVCaptureDeviceDirectionCoordinator(view: nil, deviceTypes: [device.deviceType]) { map in
            let facing = map.forward.contains(device.descriptor)
            connection.automaticallyAdjustsVideoMirroring = false
            connection.isVideoMirrored = facing
        }
        _ = coordinator
        #if targetEnvironment(macCatalyst)
            connection.isVideoMirrored = device.position == .front
        #endif
    }
}
