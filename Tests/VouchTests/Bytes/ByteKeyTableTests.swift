import Testing
@_spi(VouchInternal) import VouchBase

/// `ByteKeyTable` finds what a dictionary of the same names finds.
@Suite("byte key table")
struct ByteKeyTableTests {
    @Test("every name, and keys that are not names, of every length", arguments: [1, 3, 8, 60])
    func lookUps(size: Int) {
        var names = (0..<size).map { index in String(repeating: "ab", count: index % 11) + "\(index)" }
        names += ["", "CA", "ca", "C", "CAL", "californi", "california", "abcdefgh", "abcdefghi", "CA"]
        var expected: [String: Int] = [:]
        for (index, name) in names.enumerated() { expected[name] = index }
        let table = ByteKeyTable(names)
        var keys =
            names + [
                "CB", "AC", "c", "abcdefgH", "abcdefghj", "californiA", "Xalifornia", "califOrnia", "abcdeFghi", "x", "0", "ab", "\(size)",
                "ababab", "C\u{0}", "\u{0}",
            ]
        keys += names.map { $0 + "x" } + names.map { String($0.dropLast()) }
        for key in keys {
            let bytes = Array(key.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(table.index(of: buffer) == expected[key], "\(key)")
                #expect(table.index(of: buffer, expected: 0) == expected[key], "\(key)")
                if let index = expected[key] { #expect(table.index(of: buffer, expected: index) == index, "\(key)") }
            }
        }
    }
}
