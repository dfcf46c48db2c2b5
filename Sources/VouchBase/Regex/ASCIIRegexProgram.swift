/// A whole-value pattern of the simple kind (ASCII literals, classes, `\d` `\w` `\s`, groups,
/// alternation, bounded repeats), run on short printable-ASCII subjects without PCRE2.
///
/// Such a pattern takes a few strings of classes (`[0-9]{5}(-[0-9]{4})?` takes five digits, or
/// five digits, a hyphen and four digits); a subject matches when it is as long as one of them
/// and each of its bytes is in that one's class at its place, which is PCRE2's answer for a
/// whole-value match, found without a match call. Patterns that take more than
/// ``maxVariants`` such strings, repeat without bound, ignore case, assert anything but a
/// leading `^` and a trailing `$`, or refer back stay with PCRE2, as do subjects over
/// ``maxSubject`` bytes or with a byte outside printable ASCII.
@_spi(VouchInternal) public struct ASCIIRegexProgram: @unchecked Sendable {
    /// One item of a sequence: a class of bytes, or a group of alternatives, repeated
    /// `min...max` times.
    public struct Item {
        /// Bytes 0–63 and 64–127 the class takes (for a group, unused).
        public var low: UInt64 = 0
        public var high: UInt64 = 0
        public var min = 1
        public var max = 1
        /// For a group: its alternatives, at their indices in the parser's alternatives.
        public var group: Range<Int>?
    }

    /// A class of bytes: bytes 0–63 and 64–127.
    public struct ByteClass {
        public var low: UInt64
        public var high: UInt64
    }

    /// The longest subject the program runs on.
    public static let maxSubject = 63
    /// The most strings of classes a program holds.
    public static let maxVariants = 16
    /// The strings of classes, one after another, and where each is.
    private let classes: UncountedArray<ByteClass>
    private let variants: UncountedArray<Range<Int>>

    /// The program of `pattern`, or nil when it is not of the simple kind or takes too many
    /// strings of classes.
    public init?(_ pattern: String) {
        // Longer ones (a phone plan's lists of prefixes) take more strings than pay.
        guard pattern.utf8.count <= 96 else { return nil }
        var parser = Parser(bytes: Array(pattern.utf8))
        guard let top = parser.parseTop(), parser.count(top) <= Self.maxVariants, let strings = parser.strings(top) else { return nil }
        var classes: [ByteClass] = []
        var variants: [Range<Int>] = []
        for string in strings {
            variants.append(classes.count..<classes.count + string.count)
            classes += string
        }
        self.classes = UncountedArray(classes)
        self.variants = UncountedArray(variants)
    }

    /// Frees the program; its matcher's `free` calls it once.
    public func free() {
        classes.free()
        variants.free()
    }

    /// Whether `subject` matches the whole pattern; nil when the subject is not for this program
    /// (too long, or a byte outside printable ASCII).
    public func matches(_ subject: ByteText) -> Bool? {
        guard subject.count <= Self.maxSubject else { return nil }
        for byte in subject where byte &- 0x20 > 0x7E - 0x20 { return nil }
        let classes = self.classes.buffer
        for variant in variants.buffer where variant.count == subject.count {
            var position = 0
            while position < subject.count {
                let byteClass = classes[variant.lowerBound + position]
                let byte = UInt64(subject[position])
                let bit = byte < 64 ? byteClass.low &>> byte : byteClass.high &>> (byte &- 64)
                if bit & 1 == 0 { break }
                position += 1
            }
            if position == subject.count { return true }
        }
        return false
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
                // stays small, and so does the number of strings.
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

        /// How many strings of classes the alternatives take, at most (counted before they are
        /// made, which costs more); over ``maxVariants`` for a repeat without bound.
        func count(_ range: Range<Int>) -> Int {
            var total = 0
            for alternative in range {
                var product = 1
                for index in alternatives[alternative] {
                    let item = items[index]
                    guard item.max <= ASCIIRegexProgram.maxSubject else { return .max }
                    let inner = item.group.map { count($0) } ?? 1
                    guard inner <= ASCIIRegexProgram.maxVariants else { return .max }
                    // Repeats min...max of `inner` strings: at most the sum of inner^count.
                    var choices = 0
                    var power = 1
                    for repeats in 0...item.max {
                        if repeats >= item.min { choices += power }
                        guard choices <= ASCIIRegexProgram.maxVariants else { return .max }
                        power = Swift.min(power * inner, ASCIIRegexProgram.maxVariants + 1)
                    }
                    product *= choices
                    guard product <= ASCIIRegexProgram.maxVariants else { return .max }
                }
                total += product
                guard total <= ASCIIRegexProgram.maxVariants else { return .max }
            }
            return total
        }

        /// The strings of classes the alternatives take, those longer than a subject left out;
        /// nil when there are more than ``maxVariants`` or a repeat has no bound.
        func strings(_ range: Range<Int>) -> [[ByteClass]]? {
            var all: [[ByteClass]] = []
            for alternative in range {
                var strings: [[ByteClass]] = [[]]
                for index in alternatives[alternative] {
                    let item = items[index]
                    guard item.max <= ASCIIRegexProgram.maxSubject, item.max - item.min < ASCIIRegexProgram.maxVariants else { return nil }
                    // Each count of repeats, each a choice of one string per repeat.
                    var options: [[ByteClass]] = []
                    if let group = item.group {
                        guard let once = self.strings(group) else { return nil }
                        var repeated: [[ByteClass]] = [[]]
                        for count in 0...item.max {
                            if count >= item.min { options += repeated }
                            guard count < item.max else { break }
                            repeated = repeated.flatMap { prefix in once.map { prefix + $0 } }
                                .filter { $0.count <= ASCIIRegexProgram.maxSubject }
                            guard repeated.count <= ASCIIRegexProgram.maxVariants else { return nil }
                        }
                    } else {
                        let byteClass = ByteClass(low: item.low, high: item.high)
                        options = (item.min...item.max).map { [ByteClass](repeating: byteClass, count: $0) }
                    }
                    strings = strings.flatMap { prefix in options.map { prefix + $0 } }.filter { $0.count <= ASCIIRegexProgram.maxSubject }
                    guard strings.count <= ASCIIRegexProgram.maxVariants else { return nil }
                }
                all += strings
                guard all.count <= ASCIIRegexProgram.maxVariants else { return nil }
            }
            return all
        }
    }
}
