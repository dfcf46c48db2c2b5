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
    static func messages(for locale: String) -> JSONObject? {
        do {
            return try messages(for: locale, in: file)
        } catch {
            preconditionFailure("the embedded messages are invalid: \(error)")
        }
    }

    /// The templates of `locale` in a file laid out as `messages.json` is.
    static func messages(for locale: String, in all: UnsafeBufferPointer<UInt8>) throws(VouchError) -> JSONObject? {
        guard let base = all.baseAddress else { return nil }
        // `  "code": {` opens a code; `    "de": "template",` is one of its templates.
        let prefix = Array("    \"\(locale)\": ".utf8)
        var codes: [Range<Int>] = []
        var values: [UInt8] = [UInt8(ascii: "[")]
        var code = 0..<0
        var lineStart = 0
        while lineStart < all.count {
            let lineEnd = all.firstIndex(of: .lineFeed, from: lineStart)
            defer { lineStart = lineEnd + 1 }
            guard lineEnd - lineStart > 5, all[lineStart] == .space, all[lineStart + 1] == .space else { continue }
            if all[lineStart + 2] == .quote {
                code = (lineStart + 3)..<all.firstIndex(of: .quote, from: lineStart + 3)
            } else if lineEnd - lineStart > prefix.count, all[lineStart + 5] == prefix[5],
                memcmp(base + lineStart, prefix, prefix.count) == 0
            {
                var valueEnd = lineEnd
                if all[valueEnd - 1] == .comma { valueEnd -= 1 }
                if !codes.isEmpty { values.append(.comma) }
                values.append(contentsOf: all[(lineStart + prefix.count)..<valueEnd])
                codes.append(code)
            }
        }
        guard !codes.isEmpty else { return nil }
        values.append(UInt8(ascii: "]"))
        // The templates are parsed together, as one array.
        let templates: [JSONValue]
        do {
            templates = try JSONParser().parse(values).arrayValue ?? []
        } catch {
            throw VouchError(.invalidPack, "the messages of \(locale): \(error)")
        }
        // Codes are unique: the file is JSON, whose parser refuses a key given twice.
        return JSONObject(
            uniqueMembers: zip(codes, templates).map { (String(decoding: all[$0], as: UTF8.self), $1) }, index: nil)
    }
}
