import VouchData

/// The locale packs compiled into the library (Sources/VouchData/packs), so that Vouch works with
/// no files around it: root, the languages (messages), then the countries.
enum EmbeddedPacks {
    static let all: [LocalePack] = {
        var count = 0
        let files = UnsafeBufferPointer(start: vouch_data_packs(&count), count: count)
        return files.map { file in
            let name = String(cString: file.name)
            do {
                return try LocalePack(json: file.contents, source: "embedded:\(name)")
            } catch {
                preconditionFailure("embedded pack \(name) is invalid: \(error)")
            }
        }
    }()
}

extension vouch_data_file {
    /// The file's bytes, where the library keeps them.
    var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }
}
