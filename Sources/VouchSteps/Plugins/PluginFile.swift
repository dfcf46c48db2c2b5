@_spi(VouchInternal) import VouchBase

#if canImport(Glibc)
    import Glibc
#endif

/// A plugin library opened once and checked through its descriptor, so that the file loaded is the
/// file checked: nothing is looked up by path again between the check and `dlopen`.
///
/// The path is walked one name at a time from the root with `openat` and `O_NOFOLLOW`; a symbolic
/// link is read and followed here (at most 40 in one path). Every directory passed through, every
/// link and the file itself must belong to root or to the user, and no directory and not the file
/// may be writable by group or others — except a directory with the sticky bit (as `/tmp`), in which
/// others can neither remove nor rename what they do not own. The library is then loaded from
/// `/proc/self/fd/N`: the open file itself.
struct PluginFile: ~Copyable {
    /// A read-only descriptor of the checked file.
    let descriptor: Int32
    /// The file's size in bytes.
    let size: Int
    /// The file's device and inode: which file it is, whatever path leads to it.
    let id: FileID
    /// Whether the descriptor stays open when this is gone (``LoadedLibraries`` keeps it).
    var keepsDescriptorOpen = false

    struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private static let maximumLinks = 40

    /// `O_PATH`, which the Glibc module leaves out without _GNU_SOURCE (the same on every Linux
    /// architecture Swift runs on): a descriptor that names a file without opening it for reading.
    fileprivate static let pathOnly: Int32 = 0o10000000

    /// Opens and checks the file at `path`, refusing it if another user could have changed it or it
    /// is not a regular file of at most `maxBytes` bytes.
    init(opening path: String, maxBytes: Int) throws(VouchError) {
        var walk = try Walk(path)
        defer { walk.close() }
        var links = 0
        while let name = walk.pending.popLast() {
            if name.isEmpty || name == "." { continue }
            if name == ".." {
                walk.leaveDirectory()
                continue
            }
            let (parent, parentPath) = walk.directories[walk.directories.count - 1]
            let here = parentPath == "/" ? "/\(name)" : "\(parentPath)/\(name)"
            let entry = openat(parent, String(name), Self.pathOnly | O_NOFOLLOW | O_CLOEXEC)
            guard entry >= 0 else { throw FileBytes.failure("cannot load the plugin", path) }
            var info = stat()
            guard fstat(entry, &info) == 0 else {
                Glibc.close(entry)
                throw FileBytes.failure("cannot load the plugin", path)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk.directories.append((entry, here))
                try Self.checkWriters(info, what: "the directory \(here)", path: path)
            case S_IFLNK:
                defer { Glibc.close(entry) }
                // A link's own mode means nothing; who owns it does.
                try Self.checkOwner(info, what: "the link \(here)", path: path)
                links += 1
                guard links <= Self.maximumLinks else {
                    throw VouchError(.invalidPlugin, "more than \(Self.maximumLinks) symbolic links", at: path)
                }
                let target = try Self.linkTarget(entry, path: path)
                if target.hasPrefix("/") { walk.leaveToRoot() }
                walk.pending += target.split(separator: "/", omittingEmptySubsequences: false).reversed()
            case S_IFREG where walk.pending.isEmpty:
                Glibc.close(entry)
                let file = openat(parent, String(name), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
                guard file >= 0 else { throw FileBytes.failure("cannot load the plugin", path) }
                var opened = stat()
                guard fstat(file, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
                    Glibc.close(file)
                    throw VouchError(.invalidPlugin, "refused: the file changed while it was checked", at: path)
                }
                do throws(VouchError) {
                    try Self.checkWriters(opened, what: "the plugin file", path: path)
                    guard Int(opened.st_size) <= maxBytes else {
                        throw VouchError(
                            .invalidPlugin, "the file has \(opened.st_size) bytes, more than the limit of \(maxBytes)", at: path)
                    }
                } catch {
                    Glibc.close(file)
                    throw error
                }
                (descriptor, size) = (file, Int(opened.st_size))
                id = FileID(device: UInt64(opened.st_dev), inode: UInt64(opened.st_ino))
                return
            case S_IFREG:
                Glibc.close(entry)
                errno = ENOTDIR
                throw FileBytes.failure("cannot load the plugin", path)
            default:
                Glibc.close(entry)
                throw VouchError(.invalidPlugin, "not a regular file", at: path)
            }
        }
        throw VouchError(.invalidPlugin, "not a regular file", at: path)
    }

    deinit {
        if !keepsDescriptorOpen { Glibc.close(descriptor) }
    }

    /// The directories walked so far, the root first, each open with `O_PATH`; and the names still
    /// to walk, the next one last.
    private struct Walk {
        var directories: [(descriptor: Int32, path: String)] = []
        var pending: [Substring]

        init(_ path: String) throws(VouchError) {
            var absolute = path
            if !path.hasPrefix("/") {
                guard let directory = getcwd(nil, 0) else { throw FileBytes.failure("cannot find the current directory", path) }
                absolute = String(cString: directory) + "/" + path
                free(directory)
            }
            pending = absolute.split(separator: "/", omittingEmptySubsequences: false).reversed()
            let root = open("/", PluginFile.pathOnly | O_DIRECTORY | O_CLOEXEC)
            guard root >= 0 else { throw FileBytes.failure("cannot open the root directory", path) }
            directories.append((root, "/"))
            var info = stat()
            guard fstat(root, &info) == 0 else { throw FileBytes.failure("cannot check the root directory", path) }
            try PluginFile.checkWriters(info, what: "the directory /", path: path)
        }

        mutating func leaveDirectory() {
            if directories.count > 1 { Glibc.close(directories.removeLast().descriptor) }
        }

        mutating func leaveToRoot() {
            while directories.count > 1 { leaveDirectory() }
        }

        func close() {
            for directory in directories { Glibc.close(directory.descriptor) }
        }
    }

    private static func linkTarget(_ link: Int32, path: String) throws(VouchError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        // An empty name reads the link the O_PATH descriptor itself stands for.
        let count = readlinkat(link, "", &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileBytes.failure("cannot read a symbolic link", path) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func checkWriters(_ info: stat, what: String, path: String) throws(VouchError) {
        let isStickyDirectory = info.st_mode & S_IFMT == S_IFDIR && info.st_mode & S_ISVTX != 0
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 && !isStickyDirectory {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw VouchError(.invalidPlugin, "refused: \(what) is writable by other users (mode \(mode))", at: path)
        }
        try checkOwner(info, what: what, path: path)
    }

    private static func checkOwner(_ info: stat, what: String, path: String) throws(VouchError) {
        if info.st_uid != 0 && info.st_uid != geteuid() {
            throw VouchError(.invalidPlugin, "refused: \(what) belongs to another user (uid \(info.st_uid))", at: path)
        }
    }
}
