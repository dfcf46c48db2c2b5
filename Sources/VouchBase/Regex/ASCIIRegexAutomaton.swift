/// Whole-value patterns of the simple kind (ASCII literals, classes, `\d` `\w` `\s`, groups,
/// alternation, bounded repeats), run as one deterministic automaton on printable-ASCII subjects,
/// without PCRE2.
///
/// The automaton reads a subject once, a byte at a time, and then knows which of its patterns
/// match all of it and which could still match a longer subject that starts with it. For a
/// whole-value match that is PCRE2's answer, found without a match call and in time linear in the
/// subject, so that no budget can run out. Patterns that repeat without bound, repeat a group that
/// itself repeats or branches, ignore case, assert anything but a leading `^` and a trailing `$`,
/// or refer back stay with PCRE2 (its budget is for them), as do subjects with a byte outside
/// printable ASCII.
///
/// One automaton can hold up to ``maxPatterns`` patterns (a phone plan's general pattern and
/// those of its number types): bit n of its answers is for pattern n.
@_spi(VouchInternal) public struct ASCIIRegexAutomaton: @unchecked Sendable {
    /// A pattern read, to be made into an automaton alone or with others.
    public struct Syntax: @unchecked Sendable {
        fileprivate let items: [Item]
        fileprivate let alternatives: [Range<Int>]
        fileprivate let top: Range<Int>
    }

    /// One item of a sequence: a class of bytes, or a group of alternatives, repeated
    /// `min...max` times.
    fileprivate struct Item {
        /// Bytes 0–63 and 64–127 the class takes (for a group, unused).
        var low: UInt64 = 0
        var high: UInt64 = 0
        var min = 1
        var max = 1
        /// For a group: its alternatives, at their indices in the parser's alternatives.
        var group: Range<Int>?
    }

    /// What the automaton knows after reading a subject.
    public struct Answer: Sendable {
        @usableFromInline let word: UInt32
        @inlinable init(word: UInt32) { self.word = word }
        /// Bit n: pattern n matches all of the subject.
        @inlinable public var matched: UInt16 { UInt16(truncatingIfNeeded: word) }
        /// Bit n: pattern n matches the subject or a longer text that starts with it.
        @inlinable public var possible: UInt16 { UInt16(truncatingIfNeeded: word >> 16) }
    }

    /// The most patterns one automaton holds.
    public static let maxPatterns = 16
    /// The most states an automaton has, and the most entries its table has.
    public static let maxStates = 4096
    static let maxTable = 1 << 18
    /// The most positions the patterns' repeats are written out to.
    static let maxPositions = 100_000

    /// By byte: its letter, the column of the table (bytes that no pattern tells apart share one);
    /// ``notForAutomaton`` outside printable ASCII.
    @usableFromInline let letters: UncountedArray<UInt8>
    /// By state and letter (`state * width + letter`): the next state. State 0 matches nothing
    /// and never leaves; state 1 is the start.
    @usableFromInline let table: UncountedArray<UInt16>
    @usableFromInline let width: Int
    /// By state: its ``Answer``.
    @usableFromInline let answers: UncountedArray<UInt32>
    @usableFromInline static var notForAutomaton: UInt8 { 0xFF }

    /// The syntax of `pattern`, or nil when it is not of the simple kind.
    public static func syntax(_ pattern: String) -> Syntax? {
        var parser = Parser(bytes: Array(pattern.utf8))
        guard let top = parser.parseTop() else { return nil }
        return Syntax(items: parser.items, alternatives: parser.alternatives, top: top)
    }

    /// The automaton of `pattern`, or nil when it is not of the simple kind or takes too many
    /// states.
    public init?(_ pattern: String) {
        guard let syntax = Self.syntax(pattern) else { return nil }
        self.init([syntax])
    }

    /// One automaton of `patterns` (at most ``maxPatterns``), pattern n answering in bit n; nil
    /// when it would take too many states.
    public init?(_ patterns: [Syntax]) {
        guard !patterns.isEmpty, patterns.count <= Self.maxPatterns, let built = Builder(patterns).automaton() else { return nil }
        letters = UncountedArray(built.letters)
        table = UncountedArray(built.table)
        width = built.width
        answers = UncountedArray(built.answers)
    }

    /// Frees the automaton; its owner calls it once.
    public func free() {
        letters.free()
        table.free()
        answers.free()
    }

    /// What the automaton knows of `subject`; nil when the subject is not for it (a byte outside
    /// printable ASCII).
    @inlinable @inline(__always) public func answer(_ subject: ByteText) -> Answer? {
        let letters = self.letters.buffer
        let table = self.table.buffer
        var state = 1
        for byte in subject {
            let letter = letters[Int(byte)]
            guard letter != Self.notForAutomaton else { return nil }
            state = Int(table[state &* width &+ Int(letter)])
            // No pattern matches a subject that starts so, whatever follows.
            if state == 0 { break }
        }
        return Answer(word: answers[state])
    }

    /// Whether `subject` matches all of the first pattern; nil when the subject is not for the
    /// automaton.
    @inlinable public func matches(_ subject: ByteText) -> Bool? {
        answer(subject).map { $0.matched & 1 != 0 }
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
                // stays small, and its budget cannot run out where the automaton answers.
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

        /// `?`, `{n}` or `{n,m}`, lazy or not (the language is the same); repeats without bound
        /// (`*`, `+`, `{n,}`) and possessive ones are refused.
        private mutating func parseQuantifier(into item: inout Item, until end: Int) -> Bool {
            guard index < end else { return true }
            switch bytes[index] {
            case UInt8(ascii: "?"): (item.min, item.max) = (0, 1)
            case UInt8(ascii: "*"), UInt8(ascii: "+"): return false
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
                    guard let bound = number() else { return false }
                    high = bound
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
    }
}

/// Makes the automaton: the patterns written out as a graph of positions (each repeat as many
/// times as it may repeat), then the sets of positions a subject can reach as states.
private struct Builder {
    /// A position's moves: on a class (by its index in `classes`) to another position, or on
    /// nothing (`nil`).
    var moves: [[(byteClass: Int?, to: Int)]] = []
    /// The classes the patterns use, and their indices.
    var classes: [(low: UInt64, high: UInt64)] = []
    var classIndices: [ClassKey: Int] = [:]
    /// Where each pattern's match ends: bit n for pattern n.
    var ends: [Int: UInt32] = [:]
    let start: Int
    var tooLarge = false

    struct ClassKey: Hashable {
        let low: UInt64
        let high: UInt64
    }

    init(_ patterns: [ASCIIRegexAutomaton.Syntax]) {
        moves.append([])
        start = 0
        for (index, pattern) in patterns.enumerated() {
            let begin = position()
            moves[start].append((nil, begin))
            let end = sequence(pattern, pattern.top, from: begin)
            ends[end, default: 0] |= 1 << UInt32(index)
        }
    }

    private mutating func position() -> Int {
        moves.append([])
        if moves.count > ASCIIRegexAutomaton.maxPositions { tooLarge = true }
        return moves.count - 1
    }

    /// The alternatives `range` of `syntax` from `begin`; where they end.
    private mutating func sequence(_ syntax: ASCIIRegexAutomaton.Syntax, _ range: Range<Int>, from begin: Int) -> Int {
        let end = position()
        for alternative in range {
            var current = begin
            for index in syntax.alternatives[alternative] where !tooLarge {
                current = repeated(syntax, syntax.items[index], from: current)
            }
            moves[current].append((nil, end))
        }
        return end
    }

    /// `item` from `begin`, `min` times and then up to `max` in all; where it ends.
    private mutating func repeated(_ syntax: ASCIIRegexAutomaton.Syntax, _ item: ASCIIRegexAutomaton.Item, from begin: Int) -> Int {
        var current = begin
        for _ in 0..<item.min where !tooLarge { current = once(syntax, item, from: current) }
        guard item.max > item.min else { return current }
        let end = position()
        moves[current].append((nil, end))
        for _ in item.min..<item.max where !tooLarge {
            current = once(syntax, item, from: current)
            moves[current].append((nil, end))
        }
        return end
    }

    private mutating func once(_ syntax: ASCIIRegexAutomaton.Syntax, _ item: ASCIIRegexAutomaton.Item, from begin: Int) -> Int {
        if let group = item.group { return sequence(syntax, group, from: begin) }
        let key = ClassKey(low: item.low, high: item.high)
        let byteClass =
            classIndices[key]
            ?? {
                classes.append((item.low, item.high))
                classIndices[key] = classes.count - 1
                return classes.count - 1
            }()
        let next = position()
        moves[begin].append((byteClass, next))
        return next
    }

    /// The positions reachable from `positions` without reading a byte, sorted.
    private func closure(_ positions: [Int], marks: inout [Bool]) -> [Int] {
        var reached: [Int] = []
        var pending = positions
        while let position = pending.popLast() {
            guard !marks[position] else { continue }
            marks[position] = true
            reached.append(position)
            for move in moves[position] where move.byteClass == nil { pending.append(move.to) }
        }
        for position in reached { marks[position] = false }
        return reached.sorted()
    }

    /// The automaton's tables, or nil when it takes too many states.
    func automaton() -> (letters: [UInt8], table: [UInt16], width: Int, answers: [UInt32])? {
        guard !tooLarge else { return nil }
        // Letters: printable bytes grouped by the classes they are in; the bytes in none share
        // one letter too.
        var letters = [UInt8](repeating: ASCIIRegexAutomaton.notForAutomaton, count: 256)
        var letterOf: [[Int]: UInt8] = [:]
        /// By class: the letters it takes.
        var classLetters = [[Int]](repeating: [], count: classes.count)
        for byte in UInt8(0x20)...0x7E {
            let bit = byte < 64 ? UInt64(1) << UInt64(byte) : UInt64(1) << UInt64(byte - 64)
            let memberOf = classes.indices.filter { (byte < 64 ? classes[$0].low : classes[$0].high) & bit != 0 }
            let letter =
                letterOf[memberOf]
                ?? {
                    let letter = UInt8(letterOf.count)
                    letterOf[memberOf] = letter
                    for byteClass in memberOf { classLetters[byteClass].append(Int(letter)) }
                    return letter
                }()
            letters[Int(byte)] = letter
        }
        let width = letterOf.count
        var marks = [Bool](repeating: false, count: moves.count)
        var states: [[Int]] = [[], closure([start], marks: &marks)]
        var stateIndices: [[Int]: Int] = [[]: 0, states[1]: 1]
        var table = [UInt16](repeating: 0, count: 2 * width)
        var matched: [UInt32] = [0, 0]
        var next = 1
        while next < states.count {
            var targets = [[Int]](repeating: [], count: width)
            for position in states[next] {
                matched[next] |= ends[position] ?? 0
                for move in moves[position] {
                    guard let byteClass = move.byteClass else { continue }
                    for letter in classLetters[byteClass] { targets[letter].append(move.to) }
                }
            }
            for letter in 0..<width where !targets[letter].isEmpty {
                let target = closure(targets[letter], marks: &marks)
                let index =
                    stateIndices[target]
                    ?? {
                        states.append(target)
                        stateIndices[target] = states.count - 1
                        table.append(contentsOf: repeatElement(0, count: width))
                        matched.append(0)
                        return states.count - 1
                    }()
                guard states.count <= ASCIIRegexAutomaton.maxStates, table.count <= ASCIIRegexAutomaton.maxTable else { return nil }
                table[next * width + letter] = UInt16(index)
            }
            next += 1
        }
        // What each state can still match: what it matches, and what the states it leads to can.
        var possible = matched
        var changed = true
        while changed {
            changed = false
            for state in stride(from: states.count - 1, through: 1, by: -1) {
                var union = possible[state]
                for letter in 0..<width { union |= possible[Int(table[state * width + letter])] }
                if union != possible[state] {
                    possible[state] = union
                    changed = true
                }
            }
        }
        let answers = states.indices.map { matched[$0] | possible[$0] << 16 }
        return (letters, table, width, answers)
    }
}
