@_spi(VouchInternal) import VouchBase
import VouchData

#if canImport(Glibc)
    import Glibc
#endif

/// The built-in messages, compiled into Vouch from `Sources/VouchData/messages/messages.json`:
/// every violation code's template in every language, keyed by code, then by locale, so that a
/// code's translations are written in one place. The embedded packs carry no messages of their
/// own; ``EmbeddedPacks`` gives each the messages of its locale as its `messages` key.
///
/// The file is laid out as JSON indented by two spaces is: `"code": {` on a line of its own, then
/// one `"locale": "template"` line per language. Reading one locale's messages looks for the lines
/// of that locale and parses only their templates, so that a run in one language does not parse
/// the others' (a test compares this with a parse of the whole file).
enum EmbeddedMessages {
    /// The bytes of `messages.json`.
    static var file: UnsafeBufferPointer<UInt8> { vouch_data_messages().contents }

    /// The templates of `locale` (`de`, `root`), in the file's order of codes, or `nil` when the
    /// file has none for it.
    static func messages(for locale: String) -> JSONObject? { messages(for: [locale])[locale] }

    /// The templates of each of `locales` the file has, found in one pass over it.
    static func messages(for locales: [String]) -> [String: JSONObject] {
        readEmbedded("messages") { try messages(for: locales, in: file) }
    }

    /// The templates of each of `locales` in a file laid out as `messages.json` is.
    static func messages(for locales: [String], in all: UnsafeBufferPointer<UInt8>) throws(VouchError) -> [String: JSONObject] {
        guard let base = all.baseAddress, !locales.isEmpty else { return [:] }
        // `  "code": {` opens a code; `    "de": "template",` is one of its templates.
        let prefixes = locales.map { Array("    \"\($0)\": ".utf8) }
        // The lines found: each is five numbers, the locale's index, where its code starts and
        // ends, and where its template starts and ends. (Plain integers: a first array of a new
        // type of element costs more at start-up than the search.)
        var found: [Int] = []
        found.reserveCapacity(64 * 5 * locales.count)
        // A bit for the first letter of each locale: most lines are passed over at one look.
        let firsts = prefixes.reduce(UInt64(0)) { $0 | 1 << ($1[5] & 63) }
        let text = ByteText(unsafeBuffer: all)
        var code = 0..<0
        var lineStart = 0
        while lineStart < all.count {
            let lineEnd = text.firstIndex(of: .lineFeed, from: lineStart)
            defer { lineStart = lineEnd + 1 }
            guard lineEnd - lineStart > 5, all[lineStart] == .space, all[lineStart + 1] == .space else { continue }
            if all[lineStart + 2] == .quote {
                code = (lineStart + 3)..<text.firstIndex(of: .quote, from: lineStart + 3)
                continue
            }
            guard firsts & 1 << (all[lineStart + 5] & 63) != 0 else { continue }
            for (index, prefix) in prefixes.enumerated()
            where lineEnd - lineStart > prefix.count && all[lineStart + 5] == prefix[5]
                && memcmp(base + lineStart, prefix, prefix.count) == 0
            {
                var templateEnd = lineEnd
                if all[templateEnd - 1] == .comma { templateEnd -= 1 }
                found += [index, code.lowerBound, code.upperBound, lineStart + prefix.count, templateEnd]
                break
            }
        }
        var messages: [String: JSONObject] = [:]
        for (index, locale) in locales.enumerated() {
            let lines = stride(from: 0, to: found.count, by: 5).filter { found[$0] == index }
            guard !lines.isEmpty else { continue }
            // The templates of a locale are parsed together, as one array.
            var array: [UInt8] = [UInt8(ascii: "[")]
            array.reserveCapacity(lines.reduce(2) { $0 + found[$1 + 4] - found[$1 + 3] + 1 })
            for line in lines {
                if array.count > 1 { array.append(.comma) }
                array.append(contentsOf: all[found[line + 3]..<found[line + 4]])
            }
            array.append(UInt8(ascii: "]"))
            let templates: [JSONValue]
            do {
                templates = try JSONParser().parse(array).arrayValue ?? []
            } catch {
                throw VouchError(.invalidPack, "the messages of \(locale): \(error)")
            }
            // Codes are unique: the file is JSON, whose parser refuses a key given twice.
            messages[locale] = JSONObject(
                uniqueMembers: zip(lines, templates).map { (String(decoding: all[found[$0 + 1]..<found[$0 + 2]], as: UTF8.self), $1) },
                index: nil)
        }
        return messages
    }
}
