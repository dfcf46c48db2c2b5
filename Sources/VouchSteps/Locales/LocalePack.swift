/// One locale pack: data (no code) for one locale, read from a `pack.json`.
///
/// A pack is checked whole when it is read: its format version, its locale tag, the types of its
/// keys, every message template (ICU MessageFormat) and every regular expression. A pack with any
/// problem is refused with an error naming the file and the key. See `docs/locale-packs.md`.
public struct LocalePack: Sendable {
    /// The pack format versions this version of Vouch reads.
    public static let supportedFormats = 1...1

    /// The locale the pack is for, as a canonical BCP 47 tag (`en-US`), or `root`.
    public let locale: String
    /// The pack's own version, for its authors (`1.2.0`).
    public let version: String
    /// Where the pack came from: a file path, or `embedded:en-US`.
    public let source: String
    /// The pack's data, checked, as read.
    let document: JSONObject

    /// Whether the pack gives messages and nothing else (a plugin's).
    var holdsMessagesOnly: Bool { document.keys.allSatisfy { ["vouch_pack", "locale", "version", "messages"].contains($0) } }

    /// Reads and checks a pack from the bytes of its `pack.json`.
    ///
    /// - Parameter source: names the file in errors.
    public init(json bytes: some Collection<UInt8>, source: String) throws(VouchError) {
        let value: JSONValue
        do {
            value = try JSONParser().parse(Array(bytes))
        } catch {
            throw VouchError(
                .invalidPack, "line \(error.line), column \(error.column): not valid JSON: \(error.message)", path: nil, file: source)
        }
        guard let object = value.objectValue else {
            throw VouchError(.invalidPack, "a pack is a JSON object, not \(value.typeName)").inFile(source)
        }
        try self.init(document: object, source: source)
    }

    /// Checks a pack given as its JSON object (a plugin's messages); `parsesMessages: false` leaves
    /// the templates to the locale profile that uses them (the embedded packs', which the tests parse).
    init(document: JSONObject, source: String, parsesMessages: Bool = true) throws(VouchError) {
        do throws(VouchError) {
            let checked = try PackSchema.check(document, parsesMessages: parsesMessages)
            self.locale = checked.locale
            self.version = checked.version
            self.document = document
            self.source = source
        } catch {
            throw error.inFile(source)
        }
    }
}
