import Synchronization
import Testing

@testable import Vouch

#if canImport(Glibc)
    import Glibc
#endif

/// The plugin file is opened once and checked on its descriptor, along its whole path, and a
/// library that is no plugin is refused before its constructors can run.
@Suite("Plugin files and their paths")
struct PluginFileTests {
    /// A new directory inside a new private one, with the given mode.
    private func directory(_ name: String, in parent: String, mode: mode_t) -> String {
        let path = "\(parent)/\(name)"
        mkdir(path, 0o700)
        chmod(path, mode)
        return path
    }

    private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    @Test("a symbolic link inside a directory others can write is refused, though its target is safe")
    func linkInWritableDirectory() throws {
        let root = PluginSupport.temporaryDirectory()
        let plugin = try PluginSupport.compile(into: directory("safe", in: root, mode: 0o755))
        let open = directory("open", in: root, mode: 0o777)
        symlink(plugin, "\(open)/link.so")
        let error = #expect(throws: VouchError.self) { try Registry().loadPlugin("\(open)/link.so") }
        #expect(error?.message == "refused: the directory \(open) is writable by other users (mode 777)")
        #expect(error?.location == "\(open)/link.so")
        // The same link in a directory only its owner can write is followed.
        symlink(plugin, "\(root)/link.so")
        #expect(try Registry().loadPlugin("\(root)/link.so").name == "acme")
    }

    @Test("a directory others can write anywhere above the plugin is refused")
    func writableAncestor() throws {
        let root = PluginSupport.temporaryDirectory()
        let grandparent = directory("shared", in: root, mode: 0o777)
        let plugin = try PluginSupport.compile(into: directory("plugins", in: grandparent, mode: 0o755))
        let error = #expect(throws: VouchError.self) { try Registry().loadPlugin(plugin) }
        #expect(error?.message == "refused: the directory \(grandparent) is writable by other users (mode 777)")
        chmod(grandparent, 0o775)
        let group = #expect(throws: VouchError.self) { try Registry().loadPlugin(plugin) }
        #expect(group?.message == "refused: the directory \(grandparent) is writable by other users (mode 775)")
        // With the sticky bit (as /tmp) others cannot replace what they do not own.
        chmod(grandparent, 0o1777)
        #expect(try Registry().loadPlugin(plugin).name == "acme")
    }

    @Test("a link or a directory another user owns is refused", .enabled(if: geteuid() == 0, "changing owners needs root"))
    func otherOwners() throws {
        let root = PluginSupport.temporaryDirectory()
        let sticky = directory("sticky", in: root, mode: 0o1777)
        let plugin = try PluginSupport.compile(into: root)
        symlink(plugin, "\(sticky)/theirs.so")
        lchown("\(sticky)/theirs.so", 4242, 4242)
        let link = #expect(throws: VouchError.self) { try Registry().loadPlugin("\(sticky)/theirs.so") }
        #expect(link?.message == "refused: the link \(sticky)/theirs.so belongs to another user (uid 4242)")

        let owned = directory("owned", in: root, mode: 0o755)
        let inside = try PluginSupport.compile(into: directory("inner", in: owned, mode: 0o755))
        chown(owned, 4242, 4242)
        let folder = #expect(throws: VouchError.self) { try Registry().loadPlugin(inside) }
        #expect(folder?.message == "refused: the directory \(owned) belongs to another user (uid 4242)")
    }

    @Test("a library without the entry point is refused before its constructors run")
    func constructorsDoNotRun() throws {
        let root = PluginSupport.temporaryDirectory()
        let mark = "\(root)/constructor-ran"
        let notPlugin = try PluginSupport.compile(["FIXTURE_NO_ENTRY", "FIXTURE_MARK=\\\"\(mark)\\\""], into: root, file: "other.so")
        let error = #expect(throws: VouchError.self) { try Registry().loadPlugin(notPlugin) }
        #expect(error?.message == "not a Vouch plugin: it exports no vouch_plugin_entry")
        #expect(!exists(mark), "the refused library's constructor ran")

        // The same constructor in a plugin does run when it is loaded: the mark can be seen.
        let plugin = try PluginSupport.compile(
            ["FIXTURE_NAME=\\\"marked\\\"", "FIXTURE_MARK=\\\"\(mark)\\\""], into: root, file: "marked.so")
        try Registry().loadPlugin(plugin)
        #expect(exists(mark))
    }

    @Test("swapping a link between the check and the load never runs the refused library")
    func swappedLink() throws {
        let root = PluginSupport.temporaryDirectory()
        let mark = "\(root)/constructor-ran"
        let good = try PluginSupport.compile(["FIXTURE_NAME=\\\"swapped\\\""], into: root, file: "good.so")
        let bad = try PluginSupport.compile(["FIXTURE_NO_ENTRY", "FIXTURE_MARK=\\\"\(mark)\\\""], into: root, file: "bad.so")
        let link = "\(root)/plugin.so"
        symlink(good, link)
        let stop = Flag()
        let swapper = Thread {
            var useBad = true
            while !stop.value.load(ordering: .relaxed) {
                symlink(useBad ? bad : good, "\(root)/next.so")
                rename("\(root)/next.so", link)
                useBad.toggle()
            }
        }
        var (loaded, refused) = (0, 0)
        for _ in 0..<300 {
            do {
                #expect(try Registry().loadPlugin(link).name == "swapped")
                loaded += 1
            } catch {
                #expect(error.message == "not a Vouch plugin: it exports no vouch_plugin_entry")
                refused += 1
            }
        }
        stop.value.store(true, ordering: .relaxed)
        swapper.join()
        #expect(loaded + refused == 300)
        #expect(!exists(mark), "a refused library's constructor ran after \(loaded) loads and \(refused) refusals")
    }

    @Test("plugins loaded one after another are each themselves, and loading again keeps no descriptor")
    func descriptorsAndNames() throws {
        let root = PluginSupport.temporaryDirectory()
        let failing = try PluginSupport.compile(["FIXTURE_INIT_FAILS"], into: root, file: "failing.so")
        #expect(throws: VouchError.self) { try Registry().loadPlugin(failing) }
        // Each is loaded through /proc/self/fd/N: a number used for an earlier library must not
        // bring that library back.
        for name in ["first", "second", "third"] {
            let path = try PluginSupport.compile(["FIXTURE_NAME=\\\"\(name)\\\""], into: root, file: "\(name).so")
            #expect(try Registry().loadPlugin(path).name == name)
        }
        let again = "\(root)/second.so"
        #expect(descriptors(openOn: again) == 1, "the one its name in the dynamic linker stands for")
        for _ in 0..<20 { #expect(try Registry().loadPlugin(again).name == "second") }
        #expect(descriptors(openOn: again) == 1)
    }

    @Test("files that are not shared libraries for this machine are refused before they are loaded")
    func notLibraries() throws {
        let root = PluginSupport.temporaryDirectory()
        let plugin = try PluginSupport.compile(into: root)
        let cases: [(command: String, message: String)] = [
            ("printf 'hello' > \(root)/x.so", "not an ELF file"),
            ("head -c 40 \(plugin) > \(root)/x.so", "the file ends before the end of the ELF header"),
            ("head -c 4096 \(plugin) > \(root)/x.so", "the file ends before the end of the section headers"),
            (
                "cp /bin/true \(root)/x.so && printf '\\001' | dd of=\(root)/x.so bs=1 seek=4 conv=notrunc 2>/dev/null",
                "not a 64-bit little-endian ELF file"
            ),
            ("cc -c -o \(root)/x.so -x c - < /dev/null", "not a shared library (ELF type 1)"),
        ]
        for (command, message) in cases {
            unlink("\(root)/x.so")
            try #require(PluginSupport.run(command) == 0, "\(command)")
            let error = #expect(throws: VouchError.self) { try Registry().loadPlugin("\(root)/x.so") }
            #expect(error?.message == "not a shared library that can be loaded: \(message)", "\(command)")
        }
    }

    @Test("a plugin over the size limit is refused")
    func sizeLimit() throws {
        let plugin = try PluginSupport.compile(into: PluginSupport.temporaryDirectory())
        var info = stat()
        stat(plugin, &info)
        let error = #expect(throws: VouchError.self) { try Registry().loadPlugin(plugin, maxFileBytes: 1000) }
        #expect(error?.message == "the file has \(info.st_size) bytes, more than the limit of 1000")
        #expect(try Registry().loadPlugin(plugin, maxFileBytes: Int(info.st_size)).name == "acme")
    }

    /// How many of this process's descriptors are open on the file at `path`.
    private func descriptors(openOn path: String) -> Int {
        guard let directory = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(directory) }
        var count = 0
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let length = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            if length > 0, String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) == path { count += 1 }
        }
        return count
    }
}

/// A flag one thread sets and another reads.
private final class Flag: Sendable {
    let value = Atomic(false)
}

/// A plain thread, joined by the test.
private final class Thread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        let unmanaged = Unmanaged.passRetained(self)
        pthread_create(
            &thread, nil,
            { context in
                let thread = Unmanaged<Thread>.fromOpaque(context!).takeRetainedValue()
                thread.body()
                return nil
            }, unmanaged.toOpaque())
    }

    func join() { pthread_join(thread, nil) }
}
