@_spi(VouchInternal) extension ByteBuffer {
    /// Appends UTF-8 bytes as a JSON string, in quotes, escaped as ``JSONWriter`` escapes: `"`,
    /// `\\` and the control characters, nothing else.
    ///
    /// The fast path copies eight bytes at a time while it looks for a byte to escape: each word
    /// is stored whole and the end of the text moved back to the first special byte, so memory
    /// past ``count`` (within the capacity made sure of first) may be written and is not counted.
    @inlinable public mutating func appendJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        // Room for the quotes and one word more than the text, written as it is.
        if used &+ count &+ 10 > capacity { grow(to: used + count + 10) }
        var output = base.unsafelyUnwrapped + used
        output.pointee = .quote
        output += 1
        var index = 0
        if let source = text.baseAddress {
            while index &+ 8 <= count {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(output).storeBytes(of: word, as: UInt64.self)
                let found = JSONStringSpecials.flags(word)
                if found == 0 {
                    output += 8
                    index &+= 8
                    continue
                }
                let place = JSONStringSpecials.firstPlace(found)
                output += place
                index &+= place
                output = appendEscape(source[index], at: output, rest: count &- index &- 1)
                index &+= 1
            }
            if index < count {
                // The last bytes, fewer than eight, in one word (what lies past them is zero).
                let kept = count &- index
                let word = Self.lastBytes(source, from: index, count: count)
                if JSONStringSpecials.flags(word) & ((1 &<< UInt64(kept &* 8)) &- 1) == 0 {
                    UnsafeMutableRawPointer(output).storeBytes(of: word, as: UInt64.self)
                    output += kept
                    index = count
                }
            }
            while index < count {
                let byte = source[index]
                if JSONStringSpecials.isSpecial(byte) {
                    output = appendEscape(byte, at: output, rest: count &- index &- 1)
                } else {
                    output.pointee = byte
                    output += 1
                }
                index &+= 1
            }
        }
        output.pointee = .quote
        used = base.unsafelyUnwrapped.distance(to: output) &+ 1
    }

    /// Appends `text` as a JSON string (see ``appendJSONString(_:)-(UnsafeBufferPointer<UInt8>)``).
    @inlinable public mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString($0) }
    }

    /// The bytes of `source` from `start` to `count` (fewer than eight) in the low bytes of a
    /// word, zero above them, read without reading past `count`.
    @inline(__always)
    @inlinable public static func lastBytes(_ source: UnsafePointer<UInt8>, from start: Int, count: Int) -> UInt64 {
        let kept = count &- start
        let raw = UnsafeRawPointer(source)
        if count >= 8 {
            return raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> UInt64((8 &- kept) &* 8)
        }
        if kept >= 4 {
            // Two words of four that overlap: the bytes they share are the same.
            let low = UInt64(raw.loadUnaligned(fromByteOffset: start, as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return low | high &<< UInt64((kept &- 4) &* 8)
        }
        // One to three bytes: the first, the middle and the last (some of them the same).
        let middle = kept / 2
        return UInt64(source[start]) | UInt64(source[start &+ middle]) &<< UInt64(middle &* 8)
            | UInt64(source[count &- 1]) &<< UInt64((kept &- 1) &* 8)
    }

    /// Writes the escape of `byte` at `output` (within the buffer), and makes room again for the
    /// `rest` of the text, the closing quote and a word more: where to write next.
    @inline(never)
    @usableFromInline mutating func appendEscape(_ byte: UInt8, at output: UnsafeMutablePointer<UInt8>, rest: Int)
        -> UnsafeMutablePointer<UInt8>
    {
        used = base.unsafelyUnwrapped.distance(to: output)
        append(.backslash)
        if let letter = JSONWriter.escapeLetter(byte) {
            append(letter)
        } else {
            append("u00")
            append(JSONWriter.hexDigit(byte >> 4))
            append(JSONWriter.hexDigit(byte & 0xF))
        }
        if used + rest + 10 > capacity { grow(to: used + rest + 10) }
        return base.unsafelyUnwrapped + used
    }
}
