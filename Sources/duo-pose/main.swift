import Foundation
import PoseMatrix

// The executable only wires the library to the process: arguments in, exit code out.
let code = await DuoPose.run(
    arguments: Array(CommandLine.arguments.dropFirst()), stdout: StandardStream.output, stderr: StandardStream.error)
exit(code)
