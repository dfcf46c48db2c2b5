@_spi(VouchInternal) import VouchBase

#if canImport(Glibc)
    import Glibc
#endif

/// The plugin libraries this process has loaded, by file, each with the descriptor it was loaded
/// through.
///
/// A library is loaded as `/proc/self/fd/N`, and the dynamic linker knows it by that name for as long
/// as it stays loaded. So its descriptor stays open as long, and the number cannot come to stand for
/// another file; a second load of the same file goes through the first one's name, since `dlopen`
/// would add any new name to the library, where it would outlive its descriptor.
enum LoadedLibraries {
    /// Why a file could not be loaded: what `dlopen` said.
    struct Failure: Error {
        let text: String
    }

    private static let descriptors = Lock<[PluginFile.FileID: Int32]>([:])

    /// Loads the library open in `file`, or finds it loaded; its handle.
    static func open(_ file: inout PluginFile) -> Result<UnsafeMutableRawPointer, Failure> {
        descriptors.withLock { descriptors in
            if let descriptor = descriptors[file.id] {
                if let handle = dlopen(name(of: descriptor), RTLD_NOW | RTLD_NOLOAD) { return .success(handle) }
                // Unloaded by a dlclose not ours: its name is free.
                Glibc.close(descriptor)
            }
            guard let handle = dlopen(name(of: file.descriptor), RTLD_NOW | RTLD_LOCAL) else {
                return .failure(Failure(text: dlerror().map { String(cString: $0) } ?? "unknown reason"))
            }
            descriptors[file.id] = file.descriptor
            file.keepsDescriptorOpen = true
            return .success(handle)
        }
    }

    /// The name a library is loaded by: the open file itself, whatever its path now leads to.
    private static func name(of descriptor: Int32) -> String { "/proc/self/fd/\(descriptor)" }

    /// Gives back a handle of `file`'s library: if no one else holds it, the system may unload it,
    /// and then its descriptor is closed.
    static func close(_ handle: UnsafeMutableRawPointer, of file: borrowing PluginFile) {
        descriptors.withLock { descriptors in
            dlclose(handle)
            guard let descriptor = descriptors[file.id] else { return }
            if let stillLoaded = dlopen(name(of: descriptor), RTLD_NOW | RTLD_NOLOAD) {
                dlclose(stillLoaded)
            } else {
                Glibc.close(descriptor)
                descriptors[file.id] = nil
            }
        }
    }
}
