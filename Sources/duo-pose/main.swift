import Foundation
import PoseMatrix

// The executable only wires the library to the process: arguments in, exit code out, and
// SIGINT or SIGTERM turned into cancellation of the run.
let work = Task {
    await DuoPose.run(
        arguments: Array(CommandLine.arguments.dropFirst()), stdout: StandardStream.output, stderr: StandardStream.error)
}
let interruptions = Interruptions { work.cancel() }
let code = await work.value
exit(interruptions.exitCode(for: code))
