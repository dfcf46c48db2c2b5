import VouchData

/// The built-in messages, compiled into Vouch from `Sources/VouchData/messages/messages.json`:
/// every violation code's template in every language, keyed by code, then by locale, so that a
/// code's translations are written in one place. The embedded packs carry no messages of their
/// own; ``EmbeddedPacks`` gives each the messages of its locale as its `messages` key.
///
/// The file is laid out as JSON indented by two spaces is: `"code": {` on a line of its own, then
/// one `"locale": "template"` line per language. Reading one locale's messages looks at each line's
/// key and parses only the templates of that locale, so that a run in one language does not parse
/// the others' (a test compares this with a parse of the whole file).
enum EmbeddedMessages {
    /// The templates of `locale` (`de`, `root`), in the file's order of codes, or `nil` when the
    /// file has none for it.
    static func messages(for locale: String) -> JSONObject? {
        do {
            return try messages(for: locale, in: file)
        } catch {
            preconditionFailure("the embedded messages are invalid: \(error)")
        }
    }

    /// The bytes of `messages.json`.
    static var file: UnsafeBufferPointer<UInt8> { vouch_data_messages().contents }

    /// The templates of `locale` in a file laid out as `messages.json` is.
    static func messages(for locale: String, in all: UnsafeBufferPointer<UInt8>) throws(VouchError) -> JSONObject? {
        let wanted = Array(locale.utf8)
        var templates: [(String, JSONValue)] = []
        var code: Range<Int>?
        // `  "code": {` opens a code; `    "locale": "template",` gives one of its templates.
        for line in KeyValueLines(all) {
            if line.indent == 2 { code = line.key }
            guard line.indent == 4, let code, UnsafeBufferPointer(rebasing: all[line.key]).elementsEqual(wanted) else { continue }
            let template: JSONValue
            do {
                template = try JSONParser().parse(UnsafeBufferPointer(rebasing: all[line.value]))
            } catch {
                throw VouchError(.invalidPack, "messages, line \(line.number): \(error)")
            }
            templates.append((String(decoding: all[code], as: UTF8.self), template))
        }
        return templates.isEmpty ? nil : JSONObject(templates)
    }
}
