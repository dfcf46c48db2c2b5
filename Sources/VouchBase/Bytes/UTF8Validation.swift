import CByteScan

/// UTF-8 checks on raw bytes, as the JSON reader and the checking path need them.
@_spi(VouchInternal) public enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8: no overlong forms, no encoded surrogates, nothing
    /// above U+10FFFF (what `String(validating:as:)` accepts), runs of ASCII checked many bytes at
    /// a time. Text of up to 32 bytes in ASCII alone, as most values are, is read in a few loads
    /// that may overlap, where it is checked.
    @inline(__always)
    @inlinable public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        var bits: UInt64
        if count >= 8 {
            guard count <= 32 else { return isValidSlowPath(bytes) }
            bits = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            if count > 16 {
                bits |= raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                bits |= raw.loadUnaligned(fromByteOffset: count &- 16, as: UInt64.self)
            }
        } else if count >= 4 {
            bits = UInt64(raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
        } else if count > 0 {
            bits = UInt64(base[0] | base[count >> 1] | base[count &- 1])
        } else {
            return true
        }
        return bits & 0x8080_8080_8080_8080 == 0 || isValidSlowPath(bytes)
    }

    /// ``isValid(_:)`` for any text: `vouch_utf8_is_valid`, which passes over runs of ASCII many
    /// bytes at a time and checks the sequences between them.
    @inline(never)
    @usableFromInline static func isValidSlowPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return vouch_utf8_is_valid(base, bytes.count) != 0
    }

    /// The scalar that starts at `index` of well-formed UTF-8, and its length in bytes.
    @inline(__always)
    @inlinable public static func scalar(in bytes: ByteText, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F), 4
        )
    }

    /// Appends the UTF-8 form of the scalar `value` to `output`.
    @inline(__always)
    @inlinable public static func append(_ value: UInt32, to output: inout ByteBuffer) {
        switch value {
        case ..<0x80:
            output.append(UInt8(value))
        case ..<0x800:
            output.append(UInt8(0xC0 | value >> 6))
            output.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | value >> 12))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        default:
            output.append(UInt8(0xF0 | value >> 18))
            output.append(UInt8(0x80 | value >> 12 & 0x3F))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Writes the UTF-8 form of the scalar `value`, which is below U+10000, at `destination`
    /// (room for three bytes); the number of bytes written.
    @inline(__always)
    @inlinable public static func encode(_ value: UInt32, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        switch value {
        case ..<0x80:
            destination[0] = UInt8(value)
            return 1
        case ..<0x800:
            destination[0] = UInt8(0xC0 | value >> 6)
            destination[1] = UInt8(0x80 | value & 0x3F)
            return 2
        default:
            assert(value < 0x10000, "a scalar beyond the Basic Multilingual Plane")
            destination[0] = UInt8(0xE0 | value >> 12)
            destination[1] = UInt8(0x80 | value >> 6 & 0x3F)
            destination[2] = UInt8(0x80 | value & 0x3F)
            return 3
        }
    }
}
