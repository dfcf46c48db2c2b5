/// A whole-value pattern of the simple kind (ASCII literals, classes, `\d` `\w` `\s`, groups,
/// alternation, counted repeats), run on short printable-ASCII subjects without PCRE2: the
/// subject's positions a pattern can reach are a set (a bit each), carried from item to item.
///
/// Such a pattern describes a regular language, and PCRE2 matches a whole-value pattern exactly
/// when the subject is in it; the set of positions gives the same answer without backtracking.
/// Patterns whose backtracking could run out of PCRE2's budget (where PCRE2 says
/// `budgetExceeded`, not no match) are not taken, nor are case-insensitive ones, assertions
/// other than a leading `^` and a trailing `$`, back-references and the like: they stay with
/// PCRE2, as do subjects with other bytes or over ``maxSubject`` bytes.
struct ASCIIRegexProgram: @unchecked Sendable {
    /// One item of a sequence: a class of bytes, or a group of alternatives, repeated
    /// `min...max` times.
    struct Item {
        /// Bytes 0–63 and 64–127 the class takes (for a group, unused).
        var low: UInt64 = 0
        var high: UInt64 = 0
        var min = 1
        var max = 1
        /// For a group: its alternatives, at their indices in ``alternatives``.
        var group: Range<Int>?
    }

    /// The longest subject the program runs on (positions 0 to 63 fit a 64-bit set).
    static let maxSubject = 63
    /// Items, and each alternative as a range of them; the whole pattern is `top`.
    private let items: UncountedArray<Item>
    private let alternatives: UncountedArray<Range<Int>>
    private let top: Range<Int>

    /// The program of `pattern`, or nil when it is not of the simple kind, or has too many
    /// ways to backtrack, or too many items to be cheaper than PCRE2.
    init?(_ pattern: String) {
        // Longer ones (a phone plan's lists of prefixes) have more items than pay.
        guard pattern.utf8.count <= 96 else { return nil }
        var parser = Parser(bytes: Array(pattern.utf8))
        guard let top = parser.parseTop(), parser.items.count <= 24, parser.paths(top) <= 1_000 else { return nil }
        self.items = UncountedArray(parser.items)
        self.alternatives = UncountedArray(parser.alternatives)
        self.top = top
    }

    /// Frees the program; its matcher's `free` calls it once.
    func free() {
        items.free()
        alternatives.free()
    }

    /// Whether `subject` matches the whole pattern; nil when the subject is not for this program
    /// (too long, or a byte outside printable ASCII).
    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard subject.count <= Self.maxSubject else { return nil }
        for byte in subject where byte < 0x20 || byte > 0x7E { return nil }
        let reached = reach(alternatives: top, from: 1, subject)
        return reached & (1 << UInt64(subject.count)) != 0
    }

    /// The positions reached from `start` by any of the alternatives.
    private func reach(alternatives range: Range<Int>, from start: UInt64, _ subject: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var reached: UInt64 = 0
        for alternative in range {
            var positions = start
            for index in alternatives[alternative] {
                positions = reach(item: index, from: positions, subject)
                if positions == 0 { break }
            }
            reached |= positions
        }
        return reached
    }

    /// The positions reached from `start` by item `index`, repeated as it says.
    private func reach(item index: Int, from start: UInt64, _ subject: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let item = items[index]
        var current = start
        var reached: UInt64 = item.min == 0 ? start : 0
        var count = 0
        while count < item.max {
            let next = item.group.map { reach(alternatives: $0, from: current, subject) } ?? step(current, item, subject)
            count += 1
            if count >= item.min {
                // Nothing new: every further repeat reaches only what these did.
                if next & ~reached == 0 { break }
                reached |= next
            }
            if next == 0 { break }
            current = next
        }
        return reached
    }

    /// The positions after one byte that class `item` takes, from each of `positions`.
    @inline(__always)
    private func step(_ positions: UInt64, _ item: Item, _ subject: UnsafeBufferPointer<UInt8>) -> UInt64 {
        // Only the positions before the end have a byte (a subject has at most 63).
        var rest = positions & ((1 &<< UInt64(subject.count)) &- 1)
        var next: UInt64 = 0
        while rest != 0 {
            let position = rest.trailingZeroBitCount
            rest &= rest &- 1
            let byte = UInt64(subject[position])
            let bit = byte < 64 ? item.low &>> byte : item.high &>> (byte &- 64)
            next |= (bit & 1) &<< UInt64(position + 1)
        }
        return next
    }

    /// Reads the pattern's syntax into items.
    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var items: [Item] = []
        var alternatives: [Range<Int>] = []

        /// The whole pattern: an optional `^`, alternatives, an optional `$`.
        mutating func parseTop() -> Range<Int>? {
            if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
            var end = bytes.count
            if end > index, bytes[end - 1] == UInt8(ascii: "$"), end < 2 || bytes[end - 2] != .backslash { end -= 1 }
            guard let top = parseAlternatives(until: end), index == end else { return nil }
            return top
        }

        /// Alternatives separated by `|`, up to `end` or a `)`.
        private mutating func parseAlternatives(until end: Int) -> Range<Int>? {
            var sequences: [[Item]] = []
            var current: [Item] = []
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: ")") { break }
                if byte == UInt8(ascii: "|") {
                    index += 1
                    sequences.append(current)
                    current = []
                    continue
                }
                guard var item = parseAtom(until: end) else { return nil }
                guard parseQuantifier(into: &item, until: end) else { return nil }
                // A repeated group may not hold what repeats or branches: PCRE2's backtracking
                // stays small, and so does the set's work.
                if let group = item.group, item.max > 1 {
                    guard group.count == 1 else { return nil }
                    for inner in alternatives[group.lowerBound] where items[inner].max != items[inner].min || items[inner].group != nil {
                        return nil
                    }
                }
                current.append(item)
            }
            sequences.append(current)
            let start = alternatives.count
            var ranges: [Range<Int>] = []
            for sequence in sequences {
                let first = items.count
                items += sequence
                ranges.append(first..<items.count)
            }
            alternatives += ranges
            return start..<alternatives.count
        }

        /// A literal, a class, an escape or a group.
        private mutating func parseAtom(until end: Int) -> Item? {
            let byte = bytes[index]
            index += 1
            var item = Item()
            switch byte {
            case UInt8(ascii: "("):
                if index + 1 < end, bytes[index] == UInt8(ascii: "?") {
                    guard bytes[index + 1] == .colon else { return nil }
                    index += 2
                }
                guard let group = parseAlternatives(until: end), index < end, bytes[index] == UInt8(ascii: ")") else { return nil }
                index += 1
                item.group = group
            case UInt8(ascii: "["):
                guard parseClass(into: &item, until: end) else { return nil }
            case .backslash:
                guard index < end, escape(bytes[index], into: &item) else { return nil }
                index += 1
            case UInt8(ascii: "."):
                // Any byte but a line feed; subjects hold printable ASCII only.
                for byte in UInt8(0x20)...0x7E { add(byte, to: &item) }
            case 0x20...0x7E:
                guard !"^$|?*+)]{}".utf8.contains(byte) else { return nil }
                add(byte, to: &item)
            default:
                return nil
            }
            return item
        }

        /// `[...]` after its `[`: literals, ranges, `\d` `\w` `\s` and escaped punctuation, or
        /// their complement after `^`.
        private mutating func parseClass(into item: inout Item, until end: Int) -> Bool {
            var negated = false
            if index < end, bytes[index] == UInt8(ascii: "^") {
                negated = true
                index += 1
            }
            var first = true
            while index < end {
                var byte = bytes[index]
                if byte == UInt8(ascii: "]") && !first { break }
                guard byte != UInt8(ascii: "]"), byte != UInt8(ascii: "["), byte >= 0x20, byte <= 0x7E else { return false }
                first = false
                index += 1
                if byte == .backslash {
                    guard index < end else { return false }
                    let escaped = bytes[index]
                    index += 1
                    if escaped.isASCIILetterOrDigit {
                        guard escape(escaped, into: &item) else { return false }
                        continue
                    }
                    byte = escaped
                }
                // A range `a-z`, unless the `-` is last.
                if index + 1 < end, bytes[index] == .hyphen, bytes[index + 1] != UInt8(ascii: "]") {
                    let upper = bytes[index + 1]
                    guard upper != .backslash, upper != UInt8(ascii: "["), upper >= byte, upper <= 0x7E else { return false }
                    index += 2
                    for member in byte...upper { add(member, to: &item) }
                } else {
                    add(byte, to: &item)
                }
            }
            guard index < end, bytes[index] == UInt8(ascii: "]") else { return false }
            index += 1
            if negated {
                // Subjects hold printable ASCII only: the complement within it.
                var printable = Item()
                for byte in UInt8(0x20)...0x7E { add(byte, to: &printable) }
                item.low = ~item.low & printable.low
                item.high = ~item.high & printable.high
            }
            return true
        }

        /// `\d`, `\w`, `\s` (on printable ASCII, as PCRE2 has them with or without Unicode
        /// properties), or escaped punctuation.
        private func escape(_ byte: UInt8, into item: inout Item) -> Bool {
            switch byte {
            case UInt8(ascii: "d"):
                for digit in UInt8.zero...UInt8(ascii: "9") { add(digit, to: &item) }
            case UInt8(ascii: "w"):
                for member in UInt8(0x20)...0x7E where member.isASCIILetterOrDigit || member == UInt8(ascii: "_") { add(member, to: &item) }
            case UInt8(ascii: "s"):
                add(.space, to: &item)
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                add(byte, to: &item)
            default:
                return false
            }
            return true
        }

        /// `?`, `*`, `+`, `{n}`, `{n,}` or `{n,m}`, lazy or not (the language is the same);
        /// possessive ones are refused.
        private mutating func parseQuantifier(into item: inout Item, until end: Int) -> Bool {
            guard index < end else { return true }
            switch bytes[index] {
            case UInt8(ascii: "?"): (item.min, item.max) = (0, 1)
            case UInt8(ascii: "*"): (item.min, item.max) = (0, .max)
            case UInt8(ascii: "+"): (item.min, item.max) = (1, .max)
            case UInt8(ascii: "{"):
                var position = index + 1
                func number() -> Int? {
                    let start = position
                    var value = 0
                    while position < end, bytes[position].isASCIIDigit, position - start < 3 {
                        value = value * 10 + Int(bytes[position] - .zero)
                        position += 1
                    }
                    return position > start ? value : nil
                }
                guard let low = number() else { return false }
                var high = low
                if position < end, bytes[position] == .comma {
                    position += 1
                    high = number() ?? .max
                }
                guard position < end, bytes[position] == UInt8(ascii: "}"), high >= low, low <= Self.maxRepeat else { return false }
                (item.min, item.max) = (low, high)
                index = position
            default:
                return true
            }
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") { return false }
            if index < end, bytes[index] == UInt8(ascii: "?") { index += 1 }
            return true
        }

        static let maxRepeat = 64

        private func add(_ byte: UInt8, to item: inout Item) {
            if byte < 64 { item.low |= 1 << UInt64(byte) } else { item.high |= 1 << UInt64(byte - 64) }
        }

        /// How many ways PCRE2 could try the alternatives, at most (repeats counted up to a
        /// subject's length).
        func paths(_ range: Range<Int>) -> Int {
            var total = 0
            for alternative in range {
                var product = 1
                for index in alternatives[alternative] {
                    let item = items[index]
                    let repeats = Swift.min(item.max, ASCIIRegexProgram.maxSubject) - Swift.min(item.min, ASCIIRegexProgram.maxSubject) + 1
                    let inner = item.group.map { paths($0) } ?? 1
                    product = Swift.min(product * repeats * inner, 1_000_000)
                }
                total = Swift.min(total + product, 1_000_000)
            }
            return total
        }
    }
}
