import AVFoundation
import SwiftUI

struct CameraView: View {
    let session = AVCaptureSession()
    var body: some View {
        Preview(session: session)
            .sceneAccessory { CameraCaptureAccessory() }
    }
}
