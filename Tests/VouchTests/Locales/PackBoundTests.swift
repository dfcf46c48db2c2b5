import Testing
import VouchTestSupport

@testable import Vouch
@testable import VouchSteps

/// Each message of a pack is parsed by ICU at every start: a pack holds at most
/// `PackSchema.maximumMessages` (600,000 once took 11.6 s and 333 MB to load).
@Suite("Bounds on locale packs")
struct PackBoundTests {
    static func pack(messages count: Int) -> String {
        let messages = (0..<count).map { #""code_\#($0)": "Message \#($0).""# }.joined(separator: ",")
        return #"{"vouch_pack": 1, "locale": "de-AT", "version": "1", "messages": {\#(messages)}}"#
    }

    @Test("at the bound a pack loads; one message more and it is refused before any is parsed")
    func messages() throws {
        let directory = TestFiles.temporaryDirectory("vouch-pack-bound")
        TestFiles.write(Self.pack(messages: PackSchema.maximumMessages), to: directory + "/pack.json")
        try Registry().loadPacks(at: [directory])
        TestFiles.write(Self.pack(messages: PackSchema.maximumMessages + 1), to: directory + "/pack.json")
        #expect {
            try Registry().loadPacks(at: [directory])
        } throws: { error in
            (error as? VouchError)?.message.contains("the pack has 10001 messages; a pack holds at most 10000") == true
        }
    }
}
