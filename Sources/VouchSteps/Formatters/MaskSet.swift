@_spi(VouchInternal) import VouchBase

/// Several masks for values of different lengths or leading characters: a GB postcode is
/// `A9 9AA`, `A99 9AA` or `AA99 9AA`; a Japanese mobile number is shown `090-1234-5678` and a Tokyo
/// number `03-1234-5678`.
public struct MaskSet: Sendable, Hashable {
    /// One mask, used for values that start with `prefix` (any value when `nil`).
    public struct Entry: Sendable, Hashable {
        public let mask: Mask
        public let prefix: String?

        public init(_ mask: Mask, prefix: String? = nil) {
            self.mask = mask
            self.prefix = prefix
        }
    }

    public let entries: [Entry]
    /// Whether every mask and prefix is ASCII, so that ASCII text can be laid out on bytes.
    let isASCII: Bool
    /// The entries' prefixes as bytes.
    private let prefixes: [[UInt8]?]
    /// ``laysOutAsIs(ascii:)`` of ASCII digits, by their count (bit n for n digits, up to 63),
    /// worked out when the set is made: without prefixes, the answer depends on the count only.
    /// Nil when an entry has a prefix.
    private var digitCountsAsIs: UInt64?

    public init(_ entries: [Entry]) {
        self.entries = entries
        self.isASCII = entries.allSatisfy { $0.mask.isASCII && ($0.prefix?.utf8.isASCII ?? true) }
        self.prefixes = entries.map { $0.prefix.map { Array($0.utf8) } }
        guard prefixes.allSatisfy({ $0 == nil }) else { return }
        var counts: UInt64 = 0
        let zeros = [UInt8](repeating: .zero, count: 63)
        zeros.withByteText { zeros in
            for count in 0..<63 where laysOutAsIsSlowly(ascii: ByteText(rebasing: zeros[..<count])) {
                counts |= 1 << count
            }
        }
        digitCountsAsIs = counts
    }

    /// Whether no mask adds a letter, a digit or white space: then laying out text that a mask
    /// already laid out gives the same text.
    var keepsLaidOutText: Bool {
        entries.allSatisfy { entry in
            entry.mask.isASCII
                && entry.mask.bytes.allSatisfy { byte in byte >= Mask.Slot.digit || !(byte.isASCIILetterOrDigit || byte.isASCIIWhitespace) }
        }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The most characters any mask takes.
    public var longest: Int { entries.map(\.mask.slotCount).max() ?? 0 }

    /// The mask for a value with these slot characters: the first entry whose slot count equals
    /// the value's, whose prefix it starts with and whose slots take its characters (else the
    /// first of that count and prefix); for a value still being typed, the first whose prefix it
    /// agrees with and which has room for it.
    public func mask(for slots: [Character]) -> Mask? {
        let value = String(slots)
        func agrees(_ entry: Entry) -> Bool {
            guard let prefix = entry.prefix else { return true }
            return value.hasPrefix(prefix) || (value.count < prefix.count && prefix.hasPrefix(value))
        }
        return entries.first { $0.mask.slotCount == slots.count && agrees($0) && $0.mask.takes(slots) }?.mask
            ?? entries.first { $0.mask.slotCount == slots.count && agrees($0) }?.mask
            ?? entries.first { $0.mask.slotCount > slots.count && agrees($0) }?.mask
    }

    /// How typed slot characters fit the masks: complete when a mask of their count takes them,
    /// partial when a longer one agrees with them so far, else refused.
    public func fit(_ typed: [Character]) -> TypingFit {
        guard !entries.isEmpty else { return .partial }
        let value = String(typed)
        func agrees(_ entry: Entry) -> Bool {
            guard let prefix = entry.prefix else { return true }
            return value.hasPrefix(prefix) || (value.count < prefix.count && prefix.hasPrefix(value))
        }
        if entries.contains(where: { agrees($0) && $0.mask.isComplete(typed) }) { return .complete }
        return entries.contains(where: { agrees($0) && $0.mask.takes(typed) }) ? .partial : .refused
    }

    /// The longest text a mask writes.
    public var longestText: Int { entries.map(\.mask.longestText).max() ?? 0 }

    /// Lays `text` into its mask, or returns `nil` when no mask takes all of its letters and
    /// digits (a US ZIP code mask and `AB1 2CD`), so that the text stays as it was written.
    public func apply(_ text: String) -> String? {
        guard let first = entries.first?.mask else { return nil }
        let slots = first.slotCharacters(of: text)
        guard let mask = mask(for: slots), mask.takes(slots) else { return nil }
        return mask.apply(text)
    }

    /// Reads masks from a pack: strings, or `{"mask": "0#-####-####", "prefix": "3"}`.
    init?(json: JSONValue?) {
        guard let items = json?.arrayValue else { return nil }
        var entries: [Entry] = []
        for item in items {
            if let text = item.stringValue {
                entries.append(Entry(Mask(text)))
            } else if let object = item.objectValue, let text = object["mask"]?.stringValue,
                object.keys.allSatisfy({ $0 == "mask" || $0 == "prefix" })
            {
                guard object["prefix"] == nil || object["prefix"]?.stringValue != nil else { return nil }
                entries.append(Entry(Mask(text), prefix: object["prefix"]?.stringValue))
            } else {
                return nil
            }
            if entries.last!.mask.slotCount == 0 { return nil }
        }
        self.init(entries)
    }
}

extension MaskSet {
    /// ``mask(for:)`` for ASCII letters and digits, with ASCII masks.
    func mask(forASCII slots: ByteText) -> Mask? { maskIndex(forASCII: slots).map { entries[$0].mask } }

    /// Whether ASCII `text` is as the set lays it out already: letters and digits only, and
    /// no mask, or the mask chosen for them has no literals and changes no letter's case (`94103`).
    func laysOutAsIs(ascii text: ByteText) -> Bool {
        if text.isASCIIDigits, let asIs = laysOutAsIs(digits: text.count) { return asIs }
        return laysOutAsIsSlowly(ascii: text)
    }

    /// ``laysOutAsIs(ascii:)`` of `count` ASCII digits, when the count alone answers it (no entry
    /// has a prefix); nil otherwise.
    @inline(__always)
    func laysOutAsIs(digits count: Int) -> Bool? {
        guard let counts = digitCountsAsIs, count < 63 else { return nil }
        return counts & (1 << count) != 0
    }

    private func laysOutAsIsSlowly(ascii text: ByteText) -> Bool {
        guard isASCII, text.allSatisfy(\.isASCIILetterOrDigit) else { return false }
        if entries.isEmpty { return true }
        guard let index = maskIndex(forASCII: text) else { return false }
        return entries[index].mask.laysOutAsIs(ascii: text)
    }

    /// The index of ``mask(forASCII:)``'s mask.
    private func maskIndex(forASCII slots: ByteText) -> Int? {
        func agrees(_ index: Int) -> Bool {
            guard let prefix = prefixes[index] else { return true }
            let common = Swift.min(prefix.count, slots.count)
            for offset in 0..<common where prefix[offset] != slots[offset] { return false }
            return true
        }
        var first: Int?
        for index in entries.indices where entries[index].mask.slotCount == slots.count && agrees(index) {
            if entries[index].mask.takes(ascii: slots) { return index }
            first = first ?? index
        }
        if let first { return first }
        return entries.indices.first { entries[$0].mask.slotCount > slots.count && agrees($0) }
    }

    /// ``apply(_:)`` of ASCII text, appended to `output`: true when a mask took it, false (nothing
    /// written) when none does; nil when the text or the masks are not ASCII.
    func apply(ascii text: ByteText, into output: inout ByteBuffer) -> Bool? {
        guard isASCII, text.isASCII else { return nil }
        guard !entries.isEmpty else { return false }
        return text.withFiltered(\.isASCIILetterOrDigit) { slots in
            guard let mask = mask(forASCII: slots), mask.takes(ascii: slots) else { return false }
            return mask.apply(text, into: &output)
        }
    }
}
