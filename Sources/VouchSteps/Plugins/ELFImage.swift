#if canImport(Glibc)
    import Glibc
#endif

/// Reads just enough of an ELF shared library, through its descriptor and without loading it, to
/// tell whether it exports a function: so that a file that is no plugin is refused before any of its
/// code (its constructors) can run.
///
/// It reads the ELF header, the section headers and the dynamic symbol table (`.dynsym`, what
/// `nm -D` lists). Every offset and size is checked against the file, so a damaged file is refused,
/// never trusted. It is a check of what the file says, not of what it does: a file that passes is
/// still loaded only if it is as trusted as ``PluginFile`` requires.
enum ELFImage {
    /// Why a file is not a shared library this process can load.
    struct Problem: Error {
        let reason: String
    }

    /// Whether the library open on `descriptor` (of `size` bytes) exports a function called `name`.
    static func exportsFunction(named name: String, descriptor: Int32, size: Int) -> Result<Bool, Problem> {
        let file = Reader(descriptor: descriptor, size: size)
        do throws(Problem) {
            let magic = try file.bytes(at: 0, count: min(size, 4), "the ELF header")
            guard magic == [0x7F, 0x45, 0x4C, 0x46] else { throw Problem(reason: "not an ELF file") }
            let header = try file.bytes(at: 0, count: 64, "the ELF header")
            // Class 2 is 64-bit, data 1 little-endian: the only kind of host Vouch runs on.
            guard header[4] == 2, header[5] == 1 else { throw Problem(reason: "not a 64-bit little-endian ELF file") }
            let type = header.integer(at: 16, UInt16.self)
            guard type == 3 else { throw Problem(reason: "not a shared library (ELF type \(type))") }
            let machine = header.integer(at: 18, UInt16.self)
            if let hostMachine, machine != hostMachine {
                throw Problem(reason: "built for another machine (ELF machine \(machine), this one is \(hostMachine))")
            }
            let sections = try sectionHeaders(header, file)
            // Every dynamic symbol table (there is one), with the string table it names.
            for section in sections where section.type == 11 {
                guard section.entrySize == 24 || section.entrySize == 0, Int(section.link) < sections.count else {
                    throw Problem(reason: "a damaged dynamic symbol table")
                }
                let symbols = try file.bytes(at: section.offset, count: section.size, "the dynamic symbols")
                let strings = sections[Int(section.link)]
                let names = try file.bytes(at: strings.offset, count: strings.size, "the dynamic symbol names")
                if exports(Array(name.utf8), symbols: symbols, names: names) { return .success(true) }
            }
            return .success(false)
        } catch {
            return .failure(error)
        }
    }

    /// The ELF machine number of this process (`EM_X86_64`, `EM_AARCH64`).
    private static var hostMachine: UInt16? {
        #if arch(x86_64)
            return 62
        #elseif arch(arm64)
            return 183
        #else
            return nil
        #endif
    }

    private struct Section {
        let type: UInt32
        let offset: Int
        let size: Int
        let link: UInt32
        let entrySize: Int
    }

    private static func sectionHeaders(_ header: [UInt8], _ file: Reader) throws(Problem) -> [Section] {
        let offset = Int(clamping: header.integer(at: 40, UInt64.self))
        let entrySize = Int(header.integer(at: 58, UInt16.self))
        var count = Int(header.integer(at: 60, UInt16.self))
        guard offset != 0 else { throw Problem(reason: "it has no section headers") }
        guard entrySize == 64 else { throw Problem(reason: "damaged section headers") }
        if count == 0 {
            // More than 0xFF00 sections: the count is the size of section 0.
            count = Int(clamping: try file.bytes(at: offset, count: 64, "the section headers").integer(at: 32, UInt64.self))
        }
        let (size, overflow) = count.multipliedReportingOverflow(by: 64)
        let table = try file.bytes(at: offset, count: overflow ? Int.max : size, "the section headers")
        return (0..<count).map { index in
            let base = index * 64
            return Section(
                type: table.integer(at: base + 4, UInt32.self), offset: Int(clamping: table.integer(at: base + 24, UInt64.self)),
                size: Int(clamping: table.integer(at: base + 32, UInt64.self)), link: table.integer(at: base + 40, UInt32.self),
                entrySize: Int(clamping: table.integer(at: base + 56, UInt64.self)))
        }
    }

    /// Whether `symbols` holds a defined, global or weak function named `name`, of default or
    /// protected visibility: one `dlsym` would find.
    private static func exports(_ name: [UInt8], symbols: [UInt8], names: [UInt8]) -> Bool {
        for base in stride(from: 0, to: symbols.count - 23, by: 24) {
            let info = symbols[base + 4]
            let (binding, type, visibility) = (info >> 4, info & 0xF, symbols[base + 5] & 0x3)
            // Bindings: global 1, weak 2, GNU unique 10; types: function 2, indirect function 10;
            // visibility: default 0, protected 3; section index 0 is "undefined".
            guard [1, 2, 10].contains(binding), type == 2 || type == 10, visibility == 0 || visibility == 3,
                symbols.integer(at: base + 6, UInt16.self) != 0
            else { continue }
            let start = Int(symbols.integer(at: base, UInt32.self))
            guard start <= names.count - name.count - 1 else { continue }
            if names[start..<start + name.count].elementsEqual(name) && names[start + name.count] == 0 { return true }
        }
        return false
    }

    /// Bounded reads at offsets of the file.
    private struct Reader {
        let descriptor: Int32
        let size: Int

        func bytes(at offset: Int, count: Int, _ what: String) throws(Problem) -> [UInt8] {
            guard offset >= 0, count >= 0, count <= size, offset <= size - count else {
                throw Problem(reason: "the file ends before the end of \(what)")
            }
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let read = bytes.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
                }
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { throw Problem(reason: "\(what) could not be read") }
                filled += read
            }
            return bytes
        }
    }
}

extension [UInt8] {
    /// The little-endian integer at `offset` (which the caller has checked lies inside).
    fileprivate func integer<T: FixedWidthInteger>(at offset: Int, _: T.Type) -> T {
        var value: T = 0
        for index in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(self[offset + index]) }
        return value
    }
}
