@_spi(VouchInternal) import VouchBase

#if canImport(Glibc)
    import Glibc
#endif

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
        guard let isDirectory = isDirectory(path) else {
            throw VouchError(.io, "no locale pack here: the path does not exist", at: path)
        }
        if !isDirectory { return [try readFile(path, maxFileBytes: maxFileBytes)] }
        let direct = path + "/pack.json"
        if Self.isDirectory(direct) != nil { return [try readFile(direct, maxFileBytes: maxFileBytes)] }
        guard let entries = entries(of: path) else { throw VouchError(.io, "cannot list the directory", at: path) }
        let packFiles = entries.sorted().map { "\(path)/\($0)/pack.json" }.filter { Self.isDirectory($0) != nil }
        guard !packFiles.isEmpty else {
            throw VouchError(.io, "no pack.json here, nor in a directory inside it", at: path)
        }
        var packs: [LocalePack] = []
        for file in packFiles { packs.append(try readFile(file, maxFileBytes: maxFileBytes)) }
        return packs
    }

    /// Whether `path` (symbolic links followed) is a directory; nil when nothing is there.
    private static func isDirectory(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in the directory at `path`, without `.` and `..`; nil when it cannot be listed.
    private static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func readFile(_ path: String, maxFileBytes: Int) throws(VouchError) -> LocalePack {
        try LocalePack(json: try FileBytes.read(path, limit: maxFileBytes), source: path)
    }

    /// `VOUCH_PACK_PATH` as the process has it.
    static var environmentValue: String? { getenv(environmentVariable).map { String(cString: $0) } }

    /// The paths of a search path such as `VOUCH_PACK_PATH`'s value, empty entries skipped.
    static func paths(listed value: String?) -> [String] {
        (value ?? "").split(separator: ":").map(String.init)
    }
}
