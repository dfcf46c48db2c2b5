import Testing
import VouchTestSupport

@testable import Vouch
@testable import VouchSteps

/// The embedded data sets are what their generators write from the pinned versions of their
/// sources (scripts/data-sources): nothing edited by hand, nothing left behind by a version change.
@Suite("Embedded data")
struct EmbeddedDataTests {
    /// Each line of scripts/data-sources: the file, its generator, and its pinned source.
    static let sources: [(file: String, generator: String, source: String)] = {
        TestFiles.read("scripts/data-sources").split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 3, !line.hasPrefix("#") else { return nil }
            return (words[0], words[1], words[2])
        }
    }()

    @Test("every embedded file is what its generator writes (scripts/update-data --check)")
    func generated() {
        let outcome = ChildProcess.shell("scripts/update-data \(ChildProcess.python) --check")
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        for (file, generator, _) in Self.sources {
            #expect(outcome.stdout.contains("\(file): as \(generator) writes it"))
        }
    }

    @Test("every data set names the pinned version of its source")
    func versions() {
        let pinned = Dictionary(uniqueKeysWithValues: Self.sources.map { ($0.file, String($0.source.split(separator: "=").last!)) })
        #expect(pinned.count >= 2)
        #expect(pinned["Sources/VouchData/phone/phone-plans.json"] == PhonePlans.embedded.version)
        #expect(pinned["Sources/VouchData/postal/postal-codes.json"] == PostalCodeData.embedded.version)
        #expect(pinned["Sources/VouchData/regions/regions.json"] == RegionData.embedded.version)
    }
}
