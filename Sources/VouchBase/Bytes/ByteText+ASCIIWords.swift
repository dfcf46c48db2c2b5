import CByteScan

/// Eight ASCII bytes read as one word, for scans that pass over runs of plain text.
@_spi(VouchInternal) extension ByteText {
    /// The eight bytes from `index` (with `index + 8 <= count`) as one word when they are all
    /// ASCII; nil otherwise.
    @inline(__always)
    @inlinable public func asciiWord(at index: Int) -> UInt64? {
        let word = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
        return word & 0x8080_8080_8080_8080 == 0 ? word : nil
    }

    /// The eight bytes from `index` (with `index + 8 <= count`) as one word, the first in the
    /// lowest byte, whatever they are.
    @inline(__always)
    @inlinable public func word(at index: Int) -> UInt64 {
        UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
    }

    /// The index of the first byte from `start` (at most `count`) on that `bits` leaves out,
    /// `count` when there is none: `bits` gives the high bit of each of eight bytes that is in the
    /// run, looking at each byte alone. Eight bytes at a time; the last ones in the word that ends
    /// the text (its bytes already read are passed over), or in a short text a shorter word.
    @inline(__always)
    @inlinable public func runEnd(from start: Int, where bits: (UInt64) -> UInt64) -> Int {
        let count = buffer.count
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index &+ 8 <= count {
            let others = ~bits(word(at: index)) & highBits
            if others != 0 { return index &+ others.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        guard index < count else { return count }
        if count >= 8 {
            let read = index &- (count &- 8)
            let others = ~bits(word(at: count &- 8)) & highBits & (UInt64.max &<< UInt64(truncatingIfNeeded: read &* 8))
            return others != 0 ? count &- 8 &+ others.trailingZeroBitCount &>> 3 : count
        }
        // Past the text, the word's bytes are zeros, whatever `bits` makes of them.
        let others = ~bits(word(at: index, length: count &- index)) & highBits
        return others != 0 ? Swift.min(count, index &+ others.trailingZeroBitCount &>> 3) : count
    }

    /// The index of the last `byte` (ASCII, not zero), nil when there is none; eight bytes at a
    /// time from the end.
    @inline(__always)
    @inlinable public func lastIndex(ofASCII byte: UInt8) -> Int? {
        var end = count
        while end >= 8 {
            let found = word(at: end - 8).asciiBits(of: byte)
            if found != 0 { return end - 8 + (63 - found.leadingZeroBitCount) / 8 }
            end -= 8
        }
        guard end > 0 else { return nil }
        let found = word(at: 0, length: end).asciiBits(of: byte)
        return found != 0 ? (63 - found.leadingZeroBitCount) / 8 : nil
    }

    /// The `length` bytes from `index` (1 to 8 of them, with `index + length <= count`) as one
    /// word, the first in the lowest byte and the bytes past them zero, read without touching a
    /// byte outside the view: for the last bytes of a text too short for ``asciiWord(at:)``.
    @inline(__always)
    @inlinable public func word(at index: Int, length: Int) -> UInt64 {
        let bytes = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index)
        // Two loads that overlap when they must, the second shifted into place (little-endian).
        if length >= 4 {
            let low = UInt64(bytes.loadUnaligned(as: UInt32.self))
            let high = UInt64(bytes.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
            return low | high << UInt64(8 * (length - 4))
        }
        if length >= 2 {
            let low = UInt64(bytes.loadUnaligned(as: UInt16.self))
            let high = UInt64(bytes.loadUnaligned(fromByteOffset: length - 2, as: UInt16.self))
            return low | high << UInt64(8 * (length - 2))
        }
        return length == 1 ? UInt64(bytes.load(as: UInt8.self)) : 0
    }

    /// Whether the text is plain: printable ASCII (0x20...0x7E) with no space at either end nor two
    /// spaces in a row (`vouch_is_plain_text`, sixteen bytes at a time). The empty text is plain.
    @inlinable public var isPlainText: Bool {
        @inline(__always) get {
            guard let base = buffer.baseAddress else { return true }
            return vouch_is_plain_text(base, buffer.count) != 0
        }
    }

    /// Whether the text is one or more ASCII digits, eight bytes at a time.
    @inline(__always)
    @inlinable public var isASCIIDigits: Bool {
        guard let base = buffer.baseAddress, !isEmpty else { return false }
        var index = 0
        while index + 8 <= count {
            guard UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).isASCIIDigits(8) else { return false }
            index += 8
        }
        return index == count || word(at: index, length: count - index).isASCIIDigits(count - index)
    }

    /// Whether the text is one or more ASCII lower-case letters (`a`...`z`), eight bytes at a time.
    @inlinable public var isASCIILowercaseLetters: Bool {
        guard !isEmpty else { return false }
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= count {
            guard let word = asciiWord(at: index), word.asciiLowercaseBits == highBits else { return false }
            index += 8
        }
        let rest = count - index
        guard rest > 0 else { return true }
        let word = word(at: index, length: rest)
        let expected = highBits >> UInt64(8 * (8 - rest))
        return word & highBits == 0 && word.asciiLowercaseBits == expected
    }
}

@_spi(VouchInternal) extension UInt64 {
    /// 0x01 in each of the eight bytes: a byte times it is that byte in each.
    public static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether any byte of eight ASCII bytes is an upper-case letter (0x41...0x5A): adding 0x3F
    /// sets a byte's high bit from 0x41 on, adding 0x25 from 0x5B on, with no carry between bytes.
    @inlinable public var hasASCIIUppercase: Bool {
        (self &+ 0x3F &* Self.ones) & ~(self &+ 0x25 &* Self.ones) & (0x80 &* Self.ones) != 0
    }

    /// The high bit of each of eight ASCII bytes that is a lower-case letter (0x61...0x7A): adding
    /// 0x1F sets a byte's high bit from 0x61 on, adding 0x05 from 0x7B on, with no carry between
    /// bytes.
    @inlinable public var asciiLowercaseBits: UInt64 {
        (self &+ 0x1F &* Self.ones) & ~(self &+ 0x05 &* Self.ones) & (0x80 &* Self.ones)
    }

    /// The high bit of each of eight bytes that is an ASCII letter or digit. A byte from 0x80 on is
    /// neither, and carries nothing into the next: its high bit is cleared before the sums.
    @inlinable public var asciiLetterOrDigitBits: UInt64 {
        let high = 0x80 &* Self.ones
        let ascii = self & ~high
        let folded = ascii | 0x20 &* Self.ones
        // Letters: 0x61...0x7A once folded (adding 0x1F sets the high bit from 0x61 on, adding
        // 0x05 from 0x7B on); digits: 0x30...0x39 (adding 0x50 from 0x30 on, adding 0x46 from 0x3A on).
        let letters = (folded &+ 0x1F &* Self.ones) & ~(folded &+ 0x05 &* Self.ones)
        let digits = (ascii &+ 0x50 &* Self.ones) & ~(ascii &+ 0x46 &* Self.ones)
        return (letters | digits) & ~self & high
    }

    /// Whether any byte of eight ASCII bytes is ASCII white space: a space (adding 0x60 sets the
    /// high bit from 0x20 on, adding 0x5F from 0x21 on), or a tab, line feed, vertical tab, form
    /// feed or carriage return (0x09...0x0D: adding 0x77 from 0x09 on, adding 0x72 from 0x0E on).
    /// A zero byte is none, so a short word padded with zeros answers for its bytes alone.
    @inlinable public var hasASCIIWhitespace: Bool {
        let spaces = (self &+ 0x60 &* Self.ones) & ~(self &+ 0x5F &* Self.ones)
        let breaks = (self &+ 0x77 &* Self.ones) & ~(self &+ 0x72 &* Self.ones)
        return (spaces | breaks) & (0x80 &* Self.ones) != 0
    }

    /// Whether the first `count` bytes (1 to 8) are ASCII digits: each 0x3_, and still 0x3_ with
    /// 6 added (so not 0x3A...0x3F), with no carry between bytes.
    @inline(__always)
    @inlinable public func isASCIIDigits(_ count: Int) -> Bool {
        let kept: UInt64 = count == 8 ? .max : (1 &<< UInt64(8 * count)) &- 1
        let highNibbles = (0xF0 &* Self.ones) & kept
        let tens = (0x30 &* Self.ones) & kept
        return self & highNibbles == tens && (self &+ 0x06 &* Self.ones) & highNibbles == tens
    }

    /// The high bit of each of eight ASCII bytes from `low` through `high` (both ASCII): adding
    /// 0x80 - `low` sets a byte's high bit from `low` on, adding 0x7F - `high` from past `high`
    /// on, with no carry between bytes.
    @inline(__always)
    @inlinable public func asciiBits(from low: UInt8, through high: UInt8) -> UInt64 {
        (self &+ UInt64(0x80 &- low) &* Self.ones) & ~(self &+ UInt64(0x7F &- high) &* Self.ones) & (0x80 &* Self.ones)
    }

    /// The high bit of each of eight bytes, ASCII or not, that is the ASCII byte `byte`: the
    /// bytes' low seven bits are read (so that no sum carries), and those from 0x80 on are left out.
    @inline(__always)
    @inlinable public func asciiBits(of byte: UInt8) -> UInt64 {
        (self & (0x7F &* Self.ones)).asciiBits(from: byte, through: byte) & ~self
    }

    /// The high bit of each of eight bytes, ASCII or not, that is an ASCII letter, digit, `-` or
    /// `.`: the bytes of a host name in ASCII.
    @inlinable public var asciiHostNameBits: UInt64 {
        @inline(__always) get {
            asciiLetterOrDigitBits | (self & (0x7F &* Self.ones)).asciiBits(from: .hyphen, through: .period) & ~self
        }
    }

    /// Whether any byte of eight ASCII bytes is a carriage return (0x0D): adding 0x73 sets a byte's
    /// high bit from 0x0D on, adding 0x72 from 0x0E on.
    @inlinable public var hasASCIICarriageReturn: Bool {
        (self &+ 0x73 &* Self.ones) & ~(self &+ 0x72 &* Self.ones) & (0x80 &* Self.ones) != 0
    }

    /// Whether any byte of eight ASCII bytes is a space or a tab (zero bytes are neither).
    @inlinable public var hasASCIISpaceOrTab: Bool {
        let spaces = (self &+ 0x60 &* Self.ones) & ~(self &+ 0x5F &* Self.ones)
        let tabs = (self &+ 0x77 &* Self.ones) & ~(self &+ 0x76 &* Self.ones)
        return (spaces | tabs) & (0x80 &* Self.ones) != 0
    }

    /// Whether any byte of eight ASCII bytes is a space, a tab or another control character (below
    /// 0x21): subtracting 0x21 sets the high bit of those bytes (the first of them exactly, and
    /// any at all is what is asked).
    @inlinable public var hasASCIISpaceOrControl: Bool {
        (self &- 0x21 &* Self.ones) & ~self & (0x80 &* Self.ones) != 0
    }
}
