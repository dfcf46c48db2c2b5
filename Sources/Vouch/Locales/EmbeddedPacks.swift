/// The locale packs compiled into the library, so that Vouch works with no files around it.
enum EmbeddedPacks {
    static let all: [LocalePack] = sources.map { name, bytes in
        do {
            return try LocalePack(json: bytes, source: "embedded:\(name)")
        } catch {
            preconditionFailure("embedded pack \(name) is invalid: \(error)")
        }
    }

    // Each file in Sources/Vouch/Locales/Packs: root, the languages (messages), then the countries.
    private static let sources: [(String, [UInt8])] = [
        ("root", PackageResources.root_json),
        ("de", PackageResources.de_json),
        ("fr", PackageResources.fr_json),
        ("ja", PackageResources.ja_json),
        ("nl", PackageResources.nl_json),
        ("pt", PackageResources.pt_json),
        ("tr", PackageResources.tr_json),
        ("de-DE", PackageResources.de_DE_json),
        ("en-GB", PackageResources.en_GB_json),
        ("en-US", PackageResources.en_US_json),
        ("fr-FR", PackageResources.fr_FR_json),
        ("ja-JP", PackageResources.ja_JP_json),
        ("nl-NL", PackageResources.nl_NL_json),
        ("pt-BR", PackageResources.pt_BR_json),
        ("tr-TR", PackageResources.tr_TR_json),
    ]
}
