import Foundation

/// `duo-pose trend`: the results.jsonl of several nights in, trend.md and trend.html out.
enum TrendCommand {
    static let defaultFolder = "Reports"

    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .trend) else { return DuoPose.ExitCode.usage }
        let paths: [String]
        do {
            paths = try nights(parsed.positionals)
        } catch {
            return context.usageError(error)
        }
        let trend: Trend
        do {
            trend = try Trend.read(paths, byTime: parsed.flags.contains("--by-time"))
        } catch {
            return context.resultsError(error)
        }
        let folder = parsed.value("--out") ?? defaultFolder
        if Task.isCancelled {
            context.stderr.write("duo-pose: interrupted; nothing in \(folder) was replaced".oneLine + "\n")
            return DuoPose.ExitCode.interrupted(by: SIGINT)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let base = URL(fileURLWithPath: folder, isDirectory: true)
            let markdown = try OutputFile(base.appendingPathComponent("trend.md"), owner: .trend)
            let page = try OutputFile(base.appendingPathComponent("trend.html"), owner: .trendPage)
            try markdown.write(trend.markdown())
            try page.write(trend.html())
            try markdown.commit()
            try page.commit()
        } catch {
            return context.cannotWrite(error, folder: folder)
        }
        let written = [folder + "/trend.md", folder + "/trend.html"].joined(separator: ", ")
        context.stdout.write(("duo-pose trend: \(trend.matrixName): " + trend.summary + " Written to " + written).oneLine + "\n")
        return DuoPose.ExitCode.success
    }

    /// The results files named, in order; a folder stands for every `*.jsonl` file under it,
    /// sorted by path (a folder per night, `nights/2026-12-01/results.jsonl`, sorts by date).
    static func nights(_ words: [String]) throws(UsageError) -> [String] {
        guard !words.isEmpty else {
            throw UsageError(message: "name the nights' results.jsonl files, or a folder holding them", command: .trend)
        }
        var paths: [String] = []
        for word in words {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: word, isDirectory: &isFolder), isFolder.boolValue else {
                paths.append(word)
                continue
            }
            let found = (FileManager.default.subpaths(atPath: word) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
            guard !found.isEmpty else { throw UsageError(message: "\(word) holds no .jsonl file", command: .trend) }
            paths += found.map { (word.hasSuffix("/") ? word : word + "/") + $0 }
        }
        return paths
    }
}
