import Testing
@_spi(VouchInternal) import VouchBase

/// `UTF8Validation.isValid` reads text of up to 32 bytes in a few overlapping loads, passes over
/// longer runs of ASCII 64, sixteen or eight bytes at a time, and checks the sequences of a block
/// one by one: it must say what the standard library's decoder says, wherever in the text the first
/// other byte falls, whatever the bytes, and for any number of sequences in a block.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    static let others: [[UInt8]] = [
        [], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE2, 0x82], [0xC3, 0xA9, 0xA9],
    ]

    /// Bytes at the edges of the ranges UTF-8 gives each byte of a sequence.
    static let edges: [UInt8] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
        0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]

    /// What the standard library's decoder says of `bytes`.
    static func decoderAccepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    @Test("agrees with the decoder, at every offset", arguments: others)
    func agrees(other: [UInt8]) {
        for before in 0...70 {
            for after in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + other + Array(repeating: UInt8(ascii: "z"), count: after)
                let expected = String(validating: bytes, as: UTF8.self) != nil
                #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid) == expected, "\(before) \(other) \(after)")
            }
        }
    }

    /// Every string of one and two bytes, and of three whose third byte is one of ``edges`` (a
    /// third byte is read only as a continuation or not, whose bounds the edges hold): alone, at the
    /// end of sixteen bytes (the vector that ends a text), and across the end of the first block of
    /// 64. ASCII around a string leaves the decoder's answer as it is.
    @Test("agrees with the decoder on every string of one to three bytes")
    func everyShortString() {
        var line = [UInt8](repeating: UInt8(ascii: "a"), count: 70)
        var failures = 0
        line.withUnsafeMutableBufferPointer { line in
            let base = line.baseAddress!
            func check(_ length: Int) {
                let expected = Self.decoderAccepts(UnsafeBufferPointer(start: base + 62, count: length))
                for (start, count) in [(62, length), (62 - (16 - length), 16), (0, 70)] {
                    // The string sits at 62 in each: alone, last in sixteen bytes, across 64.
                    if UTF8Validation.isValid(UnsafeBufferPointer(start: base + start, count: count)) != expected {
                        failures += 1
                        if failures <= 10 { Issue.record("\(Array(line[62..<62 + length])) in \(count) bytes") }
                    }
                }
            }
            for first in UInt8(0)...0xFF {
                line[62] = first
                check(1)
                for second in UInt8(0)...0xFF {
                    line[63] = second
                    check(2)
                    // Three bytes from an ASCII one are that byte and two already checked.
                    guard first >= 0x80 else { continue }
                    for third in Self.edges {
                        line[64] = third
                        check(3)
                    }
                    line[64] = UInt8(ascii: "a")
                }
                line[63] = UInt8(ascii: "a")
            }
        }
        #expect(failures == 0)
    }

    /// Strings of the edge bytes (one to three of them, the third a continuation's bound or just
    /// past one) and random ones of four bytes, at every offset of texts of every length up to 40.
    @Test("agrees with the decoder at every offset of every length to 40")
    func everyOffset() {
        var subjects: [[UInt8]] = Self.edges.map { [$0] }
        for first in Self.edges {
            for second in Self.edges {
                subjects.append([first, second])
                for third: UInt8 in [0x7F, 0x80, 0xBF, 0xC0] where first >= 0x80 { subjects.append([first, second, third]) }
            }
        }
        var generator = SeededGenerator(seed: 0x5554_4638)
        for _ in 0..<200 {
            // Mostly a lead of four bytes and continuations, so that many are well formed.
            let lead = UInt8.random(in: 0xEE...0xF6, using: &generator)
            let rest = (0..<3).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x80...0xBF, using: &generator) : UInt8.random(in: 0...0xFF, using: &generator)
            }
            subjects.append([lead] + rest)
        }
        var failures = 0
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        for subject in subjects {
            let expected = subject.withUnsafeBufferPointer(Self.decoderAccepts)
            for length in subject.count...40 {
                for offset in 0...length - subject.count {
                    bytes.replaceSubrange(offset..<offset + subject.count, with: subject)
                    defer { for place in offset..<offset + subject.count { bytes[place] = UInt8(ascii: "a") } }
                    let valid = bytes.withUnsafeBufferPointer { UTF8Validation.isValid(UnsafeBufferPointer(rebasing: $0[..<length])) }
                    if valid != expected {
                        failures += 1
                        if failures <= 10 { Issue.record("\(subject) at \(offset) of \(length)") }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// Text of many sequences: several in a block, across the ends of blocks, at the end, with now
    /// and then a byte changed to any other.
    @Test("agrees with the decoder on random text of many sequences")
    func manySequences() {
        let scalars: [Unicode.Scalar] = ["a", " ", "é", "ë", "ß", "ж", "€", "中", "\u{FFFD}", "\u{10FFFF}", "😀", "\u{D7FF}", "\u{E000}"]
        var generator = SeededGenerator(seed: 0x4D41_4E59)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...160, using: &generator)
            var bytes: [UInt8] = []
            while bytes.count < length {
                let scalar = Bool.random(using: &generator) ? "a" : scalars.randomElement(using: &generator)!
                bytes.append(contentsOf: String(scalar).utf8)
            }
            if !bytes.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...0xFF, using: &generator)
            }
            if !bytes.isEmpty && Int.random(in: 0..<4, using: &generator) == 0 {
                bytes.removeLast(Int.random(in: 1...min(3, bytes.count), using: &generator))
            }
            let expected = bytes.withUnsafeBufferPointer(Self.decoderAccepts)
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid) == expected, "\(bytes)")
        }
    }
}
