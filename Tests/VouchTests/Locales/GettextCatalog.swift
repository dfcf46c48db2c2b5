/// The translations of a GNU gettext catalog (a `.mo` file): each message's translation by its
/// original text. Read in the byte layout GNU gettext writes (little- or big-endian).
struct GettextCatalog {
    let translations: [String: String]

    /// Reads `bytes`; no translations when they are not a catalog.
    init(bytes: [UInt8]) {
        func word(_ offset: Int, bigEndian: Bool) -> Int {
            guard offset + 4 <= bytes.count else { return 0 }
            let b = bytes[offset..<offset + 4].map(Int.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        var translations: [String: String] = [:]
        let bigEndian = word(0, bigEndian: true) == 0x9504_12de
        guard bigEndian || word(0, bigEndian: false) == 0x9504_12de else {
            self.translations = [:]
            return
        }
        let count = word(8, bigEndian: bigEndian)
        let originals = word(12, bigEndian: bigEndian)
        let targets = word(16, bigEndian: bigEndian)
        func string(table: Int, index: Int) -> String {
            let length = word(table + 8 * index, bigEndian: bigEndian)
            let offset = word(table + 8 * index + 4, bigEndian: bigEndian)
            guard offset + length <= bytes.count else { return "" }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        for index in 0..<count {
            let original = string(table: originals, index: index)
            if !original.isEmpty { translations[original] = string(table: targets, index: index) }
        }
        self.translations = translations
    }
}
