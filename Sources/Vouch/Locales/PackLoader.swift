import FoundationEssentials

/// Finds and reads locale packs on disk.
///
/// A path names a pack directory (holding `pack.json`), a `pack.json` file, or a directory of pack
/// directories (each holding `pack.json`), read in name order.
enum PackLoader {
    /// The environment variable with more pack paths, separated by `:`.
    static let environmentVariable = "VOUCH_PACK_PATH"

    /// Reads every pack found at `paths`, in order. Throws at the first problem, naming its file.
    static func read(_ paths: [String], maxFileBytes: Int = Registry.defaultMaxFileBytes) throws(VouchError) -> [LocalePack] {
        var packs: [LocalePack] = []
        for path in paths { packs += try read(path, maxFileBytes: maxFileBytes) }
        return packs
    }

    static func read(_ path: String, maxFileBytes: Int = Registry.defaultMaxFileBytes) throws(VouchError) -> [LocalePack] {
        let files = FileManager.default
        var isDirectory = false
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VouchError(.io, "no locale pack here: the path does not exist", at: path)
        }
        if !isDirectory { return [try readFile(path, maxFileBytes: maxFileBytes)] }
        let direct = path + "/pack.json"
        if files.fileExists(atPath: direct) { return [try readFile(direct, maxFileBytes: maxFileBytes)] }
        let entries: [String]
        do {
            entries = try files.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw VouchError(.io, "cannot list the directory", at: path)
        }
        let packFiles = entries.map { "\(path)/\($0)/pack.json" }.filter { files.fileExists(atPath: $0) }
        guard !packFiles.isEmpty else {
            throw VouchError(.io, "no pack.json here, nor in a directory inside it", at: path)
        }
        var packs: [LocalePack] = []
        for file in packFiles { packs.append(try readFile(file, maxFileBytes: maxFileBytes)) }
        return packs
    }

    private static func readFile(_ path: String, maxFileBytes: Int) throws(VouchError) -> LocalePack {
        try LocalePack(json: try FileBytes.read(path, limit: maxFileBytes), source: path)
    }

    /// `VOUCH_PACK_PATH` as the process has it.
    static var environmentValue: String? { ProcessInfo.processInfo.environment[environmentVariable] }

    /// The paths of a search path such as `VOUCH_PACK_PATH`'s value, empty entries skipped.
    static func paths(listed value: String?) -> [String] {
        (value ?? "").split(separator: ":").map(String.init)
    }
}
