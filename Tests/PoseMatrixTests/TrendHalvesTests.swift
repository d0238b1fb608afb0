import Foundation
import Testing

@testable import PoseMatrix

/// `trend` reads the first half of the nights and the second at once, joining the second onto
/// the first: the trend must be the one reading every night in order makes, and a refusal the
/// first one reading in order meets.
@Suite("Nightly trend in two halves")
struct TrendHalvesTests {
    /// The 30 nights of ``TrendTests``, night 7's case lines written with a space after each
    /// colon (read by parsing, not by their bytes), and night 8 a copy of night 7 as written.
    static func nights(in folder: URL) async throws -> [String] {
        let paths = try await TrendTests.runNights(30, in: folder)
        let seventh = try TestFiles.read(URL(fileURLWithPath: paths[6]))
        let spaced = seventh.split(separator: "\n").map { line in
            line.hasPrefix(#"{"type":"case""#) ? line.replacingOccurrences(of: "\":", with: "\": ") : String(line)
        }
        try (spaced.joined(separator: "\n") + "\n").write(toFile: paths[6], atomically: true, encoding: .utf8)
        try seventh.write(toFile: paths[7], atomically: true, encoding: .utf8)
        return paths
    }

    @Test("split after any night, the two halves joined make the trend of one reading in order, case by case")
    func anySplit() async throws {
        let paths = try await Self.nights(in: try TestFiles.temporaryFolder())
        let inOrder = TrendStretch.read(paths[...])
        #expect(inOrder.error == nil)
        #expect(inOrder.trend.flaky.count == 2 && inOrder.trend.nights[19].added == 4)
        for split in 1..<paths.count {
            var stretch = TrendStretch.read(paths[..<split])
            try stretch.append(TrendStretch.read(paths[split...], keepingFirst: true))
            #expect(stretch.trend.nights == inOrder.trend.nights, "split after night \(split)")
            #expect(stretch.trend.tracks == inOrder.trend.tracks, "split after night \(split)")
            #expect(stretch.trend.markdown() == inOrder.trend.markdown(), "split after night \(split)")
        }
        #expect(try Trend.read(paths).tracks == inOrder.trend.tracks)
    }

    @Test("of refusals in both halves, the first in the nights' order is the one reported")
    func firstRefusal() async throws {
        let folder = try TestFiles.temporaryFolder()
        let paths = try await TrendTests.runNights(6, in: folder, name: { $0 == 4 ? "Other" : "Nightly" })
        let bad = folder.appendingPathComponent("bad.jsonl").path
        try (try TestFiles.read(URL(fileURLWithPath: paths[0])) + "{not json}\n").write(
            toFile: bad, atomically: true, encoding: .utf8)
        // Night 4 (the second half's first) is another matrix's; a bad night in each half.
        let message = { (paths: [String]) -> String in
            do throws(ResultsError) {
                _ = try Trend.read(paths)
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(message([paths[0], bad, paths[2], paths[3], bad, paths[5]]).hasPrefix("\(bad):9:2: an unquoted key"))
        #expect(
            message([paths[0], paths[1], paths[2], paths[3], bad, paths[5]])
                == "\(paths[3]):1: is a run of \"Other\", \(paths[2]) of \"Nightly\": a trend follows one matrix")
        #expect(message([paths[0], paths[1], paths[2], paths[4], bad, paths[5]]).hasPrefix("\(bad):9:2: an unquoted key"))
        #expect(message([paths[0], paths[1], paths[2], "/no/such.jsonl", bad]) == "/no/such.jsonl: no such file")
    }
}
