@_spi(VouchInternal) import VouchBase
import VouchData

/// The locale packs compiled into the library (Sources/VouchData/packs), so that Vouch works with
/// no files around it: root, the languages, then the countries. Each pack's `messages` come from
/// the one file of built-in messages (``EmbeddedMessages``), as if the pack held them.
///
/// A pack is read the first time a profile needs it: starting up costs a look at the table's
/// names, not the parsing of thirty languages' messages a run may never show.
enum EmbeddedPacks {
    /// The embedded packs' locales (their files' names, canonical tags), in the table's order.
    static let locales: [String] = table.map { String(cString: $0.name) }

    private static var table: UnsafeBufferPointer<vouch_data_file> {
        var count = 0
        return UnsafeBufferPointer(start: vouch_data_packs(&count), count: count)
    }

    private static let byLocale: [String: Int] = Dictionary(uniqueKeysWithValues: locales.enumerated().map { ($0.element, $0.offset) })

    private static let read = Lock<[String: LocalePack]>([:])

    /// Whether a pack for `locale` is compiled in.
    static func has(_ locale: String) -> Bool { byLocale[locale] != nil }

    /// The embedded pack for `locale`, read and checked on first use.
    static func pack(_ locale: String) -> LocalePack? { packs([locale]).first }

    /// The embedded packs of those of `locales` that have one, in their order, each read and
    /// checked on first use; the messages of those read now are found in one pass over the file.
    static func packs(_ locales: [String]) -> [LocalePack] {
        let embedded = locales.filter { byLocale[$0] != nil }
        let unread = read.withLock { read in embedded.filter { read[$0] == nil } }
        if !unread.isEmpty {
            let messages = EmbeddedMessages.messages(for: unread)
            for locale in unread {
                let pack = readPack(locale, messages: messages[locale])
                read.withLock { $0[locale] = $0[locale] ?? pack }
            }
        }
        return read.withLock { read in embedded.compactMap { read[$0] } }
    }

    /// Reads and checks the embedded pack of `locale`, with `messages` as its messages.
    private static func readPack(_ locale: String, messages: JSONObject?) -> LocalePack {
        do {
            let source = "embedded:\(locale)"
            guard var document = try JSONParser().parse(table[byLocale[locale]!].contents).objectValue else {
                throw VouchError(.invalidPack, "a pack is a JSON object").inFile(source)
            }
            if let messages { document = document.withMessages(messages) }
            // Its message templates are parsed by the profiles that use them, not twice at each
            // start (the tests parse every one: EmbeddedMessagesTests).
            return try LocalePack(document: document, source: source, parsesMessages: false)
        } catch {
            preconditionFailure("embedded pack \(locale) is invalid: \(error)")
        }
    }

    /// Every embedded pack, read (for tests and tools that list them all).
    static var all: [LocalePack] { locales.compactMap { pack($0) } }
}

extension JSONObject {
    /// This pack document with `messages` as its messages, placed after its `version`.
    fileprivate func withMessages(_ messages: JSONObject) -> JSONObject {
        var members = Array(self).filter { $0.key != "messages" }
        let at = (members.firstIndex { $0.key == "version" } ?? members.count - 1) + 1
        members.insert(("messages", .object(messages)), at: at)
        return JSONObject(members.map { ($0.key, $0.value) })
    }
}
