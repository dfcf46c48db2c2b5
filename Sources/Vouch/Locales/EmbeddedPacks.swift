/// The locale packs compiled into the library, so that Vouch works with no files around it.
enum EmbeddedPacks {
    static let all: [LocalePack] = sources.map { name, bytes in
        do {
            return try LocalePack(json: bytes, source: "embedded:\(name)")
        } catch {
            preconditionFailure("embedded pack \(name) is invalid: \(error)")
        }
    }

    // Each file in Sources/Vouch/Locales/Packs, in the order they layer.
    private static let sources: [(String, [UInt8])] = [
        ("root", PackageResources.root_json),
        ("en-US", PackageResources.en_US_json),
    ]
}
