#if canImport(Glibc)
    import Glibc
#endif

/// Files and directories for tests: private temporary directories, and whole files written and read.
public enum TestFiles {
    /// A new private directory (mode 0700) under /tmp, its name starting with `prefix`.
    public static func temporaryDirectory(_ prefix: String = "vouch-test") -> String {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// Writes `bytes` to `path`, replacing what was there.
    public static func write(bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "wb") else { return }
        defer { fclose(file) }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    }

    /// Writes `text` to `path` as UTF-8, replacing what was there.
    public static func write(_ text: String, to path: String) { write(bytes: Array(text.utf8), to: path) }

    /// The text of the file at `path`, or "" when there is none.
    public static func read(_ path: String) -> String { String(decoding: readBytes(path), as: UTF8.self) }

    /// The bytes of the file at `path`, or none when there is none.
    public static func readBytes(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return bytes
    }

    /// The names of the entries of `directory`, sorted (without `.` and `..`); none when it cannot
    /// be read.
    public static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The directory of the running test binary, where SwiftPM puts the products it built.
    public static let buildDirectory: String = {
        let resolved = realpath("/proc/self/exe", nil)!
        defer { free(resolved) }
        let path = String(cString: resolved)
        return String(path[..<path.lastIndex(of: "/")!])
    }()
}
