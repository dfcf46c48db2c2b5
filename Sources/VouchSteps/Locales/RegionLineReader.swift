@_spi(VouchInternal) import VouchBase

/// Reads the regions of a country's line of ``RegionData`` straight from its bytes, making a
/// `String` only of what a region keeps: its code, its English name, and its names in the wanted
/// languages and in `en`. The names in the other languages, most of the line, are stepped over.
///
/// It takes the line as `scripts/generate-region-data` writes it: an array of objects whose members
/// are `code`, `name` and, when there are any, `names`, in that order, the names' tags in ASCII and
/// in ascending order, so that none comes twice (in ASCII, keys whose bytes differ are different
/// keys; in Unicode they may be one: `K` and the Kelvin sign). It checks the line's outline as it
/// goes (brackets, keys, colons, commas, strings closed and free of control characters, their
/// escapes) and the UTF-8 of every string it keeps; like ``JSONObjectIndex``, it does not look into
/// the UTF-8 of the names it steps over (the tests parse the whole file). It gives up on anything
/// else; ``RegionData`` then reads the line with ``JSONParser``, which reads any layout the same
/// way and says what is wrong and where. (Two readers, for a start-up cost: the parser builds every
/// name of the line.)
struct RegionLineReader {
    private let line: UnsafeBufferPointer<UInt8>
    /// The tags whose names are kept: the wanted languages', then `en`.
    private let tags: [Tag]
    /// Where the reading is.
    private var index = 0

    /// The regions of `line` named as ``RegionData/regions(country:languages:)`` names them, or nil
    /// when the line is not laid out as the generator writes it.
    static func regions(in line: UnsafeBufferPointer<UInt8>, languages: [String]) -> [LocaleProfile.Region]? {
        guard languages.allSatisfy({ $0.utf8.allSatisfy(\.isASCII) }) else { return nil }
        let tags = (languages + ["en"]).map { tag in
            let bytes = Array(tag.utf8)
            return Tag(prefix: bytes.withUnsafeBufferPointer { prefix(of: $0, bytes.indices) }, bytes: bytes)
        }
        var reader = RegionLineReader(line: line, tags: tags)
        return reader.regions()
    }

    /// A tag whose names are kept: its bytes, and the first eight of them as ``prefix(of:_:)`` reads them.
    private struct Tag {
        let prefix: UInt64
        let bytes: [UInt8]
    }

    private init(line: UnsafeBufferPointer<UInt8>, tags: [Tag]) {
        self.line = line
        self.tags = tags
    }

    private mutating func regions() -> [LocaleProfile.Region]? {
        guard take(.openBracket) else { return nil }
        var regions: [LocaleProfile.Region] = []
        // The names found of one region, at their tags' places (one array for all).
        var found = [String?](repeating: nil, count: tags.count)
        if !take(.closeBracket) {
            repeat {
                guard let region = region(found: &found) else { return nil }
                regions.append(region)
            } while take(.comma)
            guard take(.closeBracket) else { return nil }
        }
        skipSpace()
        return index == line.count ? regions : nil
    }

    /// `{"code":…,"name":…,"names":{…}}`, `names` being optional.
    private mutating func region(found: inout [String?]) -> LocaleProfile.Region? {
        guard take(.openBrace), key("code"), let code = string(), take(.comma), key("name"), let english = string() else { return nil }
        for place in found.indices { found[place] = nil }
        if take(.comma) {
            guard key("names"), names(into: &found) else { return nil }
        }
        guard take(.closeBrace) else { return nil }
        return RegionData.region(code: code, english: english, localized: found.dropLast(), inEnglish: found[found.count - 1])
    }

    /// The names object: the name under each of ``tags`` is set in `found` at the tag's place.
    private mutating func names(into found: inout [String?]) -> Bool {
        guard take(.openBrace) else { return false }
        if take(.closeBrace) { return true }
        var previous: (prefix: UInt64, range: Range<Int>)?
        repeat {
            skipSpace()
            guard let tag = plainString(), take(.colon) else { return false }
            let prefix = Self.prefix(of: line, tag)
            guard prefix & 0x8080_8080_8080_8080 == 0, line[tag].dropFirst(8).allSatisfy(\.isASCII) else { return false }
            if let previous {
                guard previous.prefix < prefix || (previous.prefix == prefix && precedes(previous.range, tag)) else { return false }
            }
            previous = (prefix, tag)
            skipSpace()
            if let first = tags.indices.first(where: { isTag(tag, prefix: prefix, at: $0) }) {
                guard let name = string() else { return false }
                for place in first..<tags.count where isTag(tag, prefix: prefix, at: place) { found[place] = name }
            } else {
                guard plainString() != nil || string() != nil else { return false }
            }
        } while take(.comma)
        return take(.closeBrace)
    }

    /// Steps over JSON white space.
    @inline(__always)
    private mutating func skipSpace() {
        while index < line.count, line[index] <= .space,
            line[index] == .space || line[index] == .lineFeed || line[index] == .carriageReturn || line[index] == .tab
        {
            index += 1
        }
    }

    /// Skips white space, then steps over `byte` if it comes next.
    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < line.count, line[index] == byte else { return false }
        index += 1
        return true
    }

    /// The key `word` and its colon.
    private mutating func key(_ word: StaticString) -> Bool {
        skipSpace()
        guard let range = plainString(), ByteText(unsafeBuffer: UnsafeBufferPointer(rebasing: line[range])).hasSameBytes(as: word)
        else { return false }
        return take(.colon)
    }

    /// A string without escapes or control characters, at its opening quote: the range of its
    /// content (nil, the reading where it was, for any other string).
    @inline(__always)
    private mutating func plainString() -> Range<Int>? {
        guard index < line.count, line[index] == .quote else { return nil }
        let end = line.firstJSONStringSpecial(from: index + 1)
        guard end < line.count, line[end] == .quote else { return nil }
        defer { index = end + 1 }
        return (index + 1)..<end
    }

    /// A string's text; one with escapes is read by the parser, which refuses a bad one.
    private mutating func string() -> String? {
        skipSpace()
        if let range = plainString() {
            let text = UnsafeBufferPointer(rebasing: line[range])
            return UTF8Validation.isValid(text) ? String(decoding: text, as: UTF8.self) : nil
        }
        guard index < line.count, line[index] == .quote else { return nil }
        var parser = _JSONParserCore(line, maxDepth: JSONParser.defaultMaxDepth)
        parser.pos = index
        guard let text = try? parser.parseString() else { return nil }
        index = parser.pos
        return text
    }

    /// Whether the text at `range`, whose first bytes are `prefix`, is the tag at `place`.
    @inline(__always)
    private func isTag(_ range: Range<Int>, prefix: UInt64, at place: Int) -> Bool {
        let tag = tags[place]
        guard tag.prefix == prefix, range.count == tag.bytes.count else { return false }
        for offset in tag.bytes.indices.dropFirst(8) where line[range.lowerBound + offset] != tag.bytes[offset] { return false }
        return true
    }

    /// The first eight bytes of `range` (zero past its end) as a number that sorts as they do:
    /// most tags are told apart and ordered by it alone.
    @inline(__always)
    private static func prefix(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        if range.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = UInt64(bigEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
            return word & ~(UInt64.max >> (8 * min(range.count, 8)))
        }
        var word: UInt64 = 0
        for offset in 0..<min(range.count, 8) { word |= UInt64(bytes[range.lowerBound + offset]) << (56 - 8 * offset) }
        return word
    }

    /// Whether the text at `first` sorts before the text at `second`, byte by byte.
    private func precedes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        for offset in 0..<min(first.count, second.count) {
            let left = line[first.lowerBound + offset]
            let right = line[second.lowerBound + offset]
            if left != right { return left < right }
        }
        return first.count < second.count
    }
}
