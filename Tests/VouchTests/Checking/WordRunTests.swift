import Testing

@testable import VouchPlan

/// A run of bytes known in advance is found where a line holds it, and nowhere it differs by a
/// byte, whatever its length up to the longest.
@Suite("Runs of bytes compared a word at a time")
struct WordRunTests {
    @Test("a run of every length is found where the line holds it, and not one byte off")
    func lengths() throws {
        for length in 0...WordRun.longest {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: 0x21 + $0 * 5 % 90) }
            let run = try #require(bytes.withUnsafeBufferPointer { WordRun($0) })
            #expect(run.length == length)
            // The run at 3 in a line with room after it, so that every compare can be made.
            let line = [UInt8](repeating: 0x20, count: 3) + bytes + [UInt8](repeating: 0x20, count: 8)
            line.withUnsafeBufferPointer { line in
                #expect(run.isAt(3, in: line) == (length > 0), "length \(length)")
                #expect(!run.isAt(2, in: line) || length == 0 || bytes.allSatisfy { $0 == bytes[0] }, "length \(length), shifted")
            }
            for position in 0..<length {
                var changed = line
                changed[3 + position] ^= 0x40
                changed.withUnsafeBufferPointer { #expect(!run.isAt(3, in: $0), "length \(length), byte \(position)") }
            }
        }
        let long = [UInt8](repeating: 0x61, count: WordRun.longest + 1)
        #expect(long.withUnsafeBufferPointer { WordRun($0) } == nil)
    }

    @Test("a run is not looked for where fewer than eight bytes are left")
    func shortLines() {
        let run = Array("ab\"".utf8).withUnsafeBufferPointer { WordRun($0) }!
        Array("ab\"".utf8).withUnsafeBufferPointer { #expect(!run.isAt(0, in: $0)) }
        Array("ab\"     ".utf8).withUnsafeBufferPointer { #expect(run.isAt(0, in: $0)) }
        Array("ab\"x".utf8).withUnsafeBufferPointer { #expect(!WordRun().isAt(0, in: $0)) }
    }
}
