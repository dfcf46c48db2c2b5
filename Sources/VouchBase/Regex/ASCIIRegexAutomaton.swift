#if canImport(Glibc)
    import Glibc
#endif

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
        /// The bytes the class takes (for a group, unused).
        var bytes = SmallSet()
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
    /// Bit n (below 63): whether the first pattern matches a run of n ASCII digits, when the
    /// automaton reads every digit alike (`[0-9]{5}`, `\d{5}(-\d{4})?`); else ``digitsToldApart``.
    @usableFromInline let digitRuns: UInt64
    @usableFromInline static var digitsToldApart: UInt64 { 1 << 63 }

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
        digitRuns = Self.digitRuns(letters: built.letters, table: built.table, width: built.width, answers: built.answers)
    }

    /// ``digitRuns`` of the tables: the states a run of zeros reaches, one digit more at a time.
    private static func digitRuns(letters: [UInt8], table: [UInt16], width: Int, answers: [UInt32]) -> UInt64 {
        let digit = letters[Int(UInt8.zero)]
        guard letters[Int(UInt8.zero)...Int(UInt8(ascii: "9"))].allSatisfy({ $0 == digit }) else { return digitsToldApart }
        var runs: UInt64 = 0
        var state = 1
        for count in 0..<63 where state != 0 {
            if Answer(word: answers[state]).matched & 1 != 0 { runs |= 1 << UInt64(count) }
            state = Int(table[state * width + Int(digit)])
        }
        return runs
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
        walk(subject) { _ in }.map { Answer(word: answers[$0]) }
    }

    /// The patterns that match a beginning of `subject`, the empty one included (bit n for
    /// pattern n: what PCRE2 finds of each anchored at the start but not at the end); nil when
    /// the subject is not for the automaton.
    @inlinable public func prefixMatches(_ subject: ByteText) -> UInt16? {
        var matched = Answer(word: answers[1]).matched
        guard walk(subject, { matched |= Answer(word: answers[$0]).matched }) != nil else { return nil }
        return matched
    }

    /// Reads `subject` from the start state, calling `visit` with each state it reaches: the
    /// state it ends in, or nil when the subject is not for the automaton. It stops early in
    /// state 0: no pattern matches a subject that starts so, whatever follows.
    @inlinable @inline(__always) func walk(_ subject: ByteText, _ visit: (Int) -> Void) -> Int? {
        let letters = self.letters.buffer
        let table = self.table.buffer
        var state = 1
        for byte in subject {
            let letter = letters[Int(byte)]
            guard letter != Self.notForAutomaton else { return nil }
            state = Int(table[state &* width &+ Int(letter)])
            if state == 0 { break }
            visit(state)
        }
        return state
    }

    /// Whether `subject` matches all of the first pattern; nil when the subject is not for the
    /// automaton.
    @inlinable public func matches(_ subject: ByteText) -> Bool? {
        // A short run of digits the automaton reads alike: its length is the answer.
        let count = subject.count
        if digitRuns & Self.digitsToldApart == 0, UInt(bitPattern: count &- 1) < 8, subject.word(at: 0, length: count).isASCIIDigits(count)
        {
            return digitRuns & (1 &<< UInt64(count)) != 0
        }
        return answer(subject).map { $0.matched & 1 != 0 }
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
                var printable = SmallSet()
                for byte in 0x20...0x7E { printable.insert(byte) }
                item.bytes = printable.subtracting(item.bytes)
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

        private func add(_ byte: UInt8, to item: inout Item) { item.bytes.insert(Int(byte)) }
    }
}

/// Makes the automaton: the patterns written out as a graph of positions (each repeat as many
/// times as it may repeat), then the sets of positions a subject can reach as states.
private struct Builder {
    /// By position: the class (an index in `classes`) of its one move on a byte, or -1, and
    /// where that move leads.
    var byteClass: [Int32] = []
    var byteTarget: [Int32] = []
    /// By position: its first move on nothing (an index in `emptyTarget`), or -1; each move
    /// links to the position's next one.
    var firstEmpty: [Int32] = []
    var emptyTarget: [Int32] = []
    var nextEmpty: [Int32] = []
    /// By position: the patterns whose match ends there, bit n for pattern n.
    var ends: [UInt32] = []
    /// The classes the patterns use (few: a search finds a class again).
    var classes: [SmallSet] = []
    var tooLarge = false

    init(_ patterns: [ASCIIRegexAutomaton.Syntax]) {
        let start = position()
        for (index, pattern) in patterns.enumerated() where !tooLarge {
            let begin = position()
            addEmpty(from: start, to: begin)
            let end = sequence(pattern, pattern.top, from: begin)
            ends[Int(end)] |= 1 << UInt32(index)
        }
    }

    private mutating func position() -> Int32 {
        byteClass.append(-1)
        byteTarget.append(-1)
        firstEmpty.append(-1)
        ends.append(0)
        if byteClass.count > ASCIIRegexAutomaton.maxPositions { tooLarge = true }
        return Int32(byteClass.count - 1)
    }

    private mutating func addEmpty(from: Int32, to: Int32) {
        emptyTarget.append(to)
        nextEmpty.append(firstEmpty[Int(from)])
        firstEmpty[Int(from)] = Int32(emptyTarget.count - 1)
    }

    /// The alternatives `range` of `syntax` from `begin`; where they end.
    private mutating func sequence(_ syntax: ASCIIRegexAutomaton.Syntax, _ range: Range<Int>, from begin: Int32) -> Int32 {
        let end = position()
        for alternative in range {
            // Each alternative from a position of its own, so that a position has one move on a byte.
            var current = position()
            addEmpty(from: begin, to: current)
            for index in syntax.alternatives[alternative] where !tooLarge {
                current = repeated(syntax, syntax.items[index], from: current)
            }
            addEmpty(from: current, to: end)
        }
        return end
    }

    /// `item` from `begin`, `min` times and then up to `max` in all; where it ends.
    private mutating func repeated(_ syntax: ASCIIRegexAutomaton.Syntax, _ item: ASCIIRegexAutomaton.Item, from begin: Int32) -> Int32 {
        var current = begin
        for _ in 0..<item.min where !tooLarge { current = once(syntax, item, from: current) }
        guard item.max > item.min else { return current }
        let end = position()
        addEmpty(from: current, to: end)
        for _ in item.min..<item.max where !tooLarge {
            current = once(syntax, item, from: current)
            addEmpty(from: current, to: end)
        }
        return end
    }

    private mutating func once(_ syntax: ASCIIRegexAutomaton.Syntax, _ item: ASCIIRegexAutomaton.Item, from begin: Int32) -> Int32 {
        if let group = item.group { return sequence(syntax, group, from: begin) }
        let key = item.bytes
        let index = Int32(classes.firstIndex(of: key) ?? classes.count)
        if index == classes.count { classes.append(key) }
        var from = begin
        if byteClass[Int(from)] != -1 {
            from = position()
            addEmpty(from: begin, to: from)
        }
        let next = position()
        byteClass[Int(from)] = index
        byteTarget[Int(from)] = next
        return next
    }

    /// The positions with a move on a byte reachable from `position` without reading one
    /// (appended to `reached`), and the patterns that end on the way; `marks` holds `stamp` for
    /// those seen.
    private func close(
        _ position: Int32, into reached: inout [Int32], marks: inout [UInt32], stamp: UInt32, pending: inout [Int32]
    ) -> UInt32 {
        var ended: UInt32 = 0
        pending.append(position)
        while let position = pending.popLast() {
            let index = Int(position)
            guard marks[index] != stamp else { continue }
            marks[index] = stamp
            ended |= ends[index]
            if byteClass[index] != -1 { reached.append(position) }
            var empty = firstEmpty[index]
            while empty != -1 {
                pending.append(emptyTarget[Int(empty)])
                empty = nextEmpty[Int(empty)]
            }
        }
        return ended
    }

    /// The letters: the bytes the classes take, grouped so that each class takes a group whole
    /// or not at all (the bytes in no class share letter 0); by byte, its letter; by class, its
    /// letters.
    private func letters() -> (ofByte: [UInt8], count: Int, ofClass: [SmallSet]) {
        let used = classes.reduce(SmallSet()) { $0.union($1) }
        let bytes = (0x20...0x7E).filter { used.contains($0) }
        var letterOf = [Int](repeating: 0, count: 128)
        for byte in bytes { letterOf[byte] = 1 }
        var count = bytes.isEmpty ? 1 : 2
        for byteClass in classes {
            // Split each letter into the bytes in the class and those not.
            var split = [Int](repeating: -1, count: 2 * count)
            split[0] = 0
            var next = 1
            for byte in bytes {
                let slot = 2 * letterOf[byte] + (byteClass.contains(byte) ? 1 : 0)
                if split[slot] == -1 {
                    split[slot] = next
                    next += 1
                }
                letterOf[byte] = split[slot]
            }
            count = next
        }
        var ofByte = [UInt8](repeating: ASCIIRegexAutomaton.notForAutomaton, count: 256)
        for byte in 0x20...0x7E { ofByte[byte] = UInt8(letterOf[byte]) }
        let ofClass = classes.map { byteClass in
            var letters = SmallSet()
            for byte in bytes where byteClass.contains(byte) { letters.insert(letterOf[byte]) }
            return letters
        }
        return (ofByte, count, ofClass)
    }

    /// Sorts positions in place: by insertion when they are few, as a state's nearly always are.
    private static func sort(_ positions: UnsafeMutableBufferPointer<Int32>) {
        guard positions.count <= 32 else {
            var positions = positions
            return positions.sort()
        }
        for end in positions.indices.dropFirst() {
            let moved = positions[end]
            var index = end
            while index > 0, positions[index - 1] > moved {
                positions[index] = positions[index - 1]
                index -= 1
            }
            positions[index] = moved
        }
    }

    /// The automaton's tables, or nil when it takes too many states.
    func automaton() -> (letters: [UInt8], table: [UInt16], width: Int, answers: [UInt32])? {
        guard !tooLarge else { return nil }
        let (letterOfByte, width, lettersOfClass) = letters()
        var marks = [UInt32](repeating: 0, count: byteClass.count)
        var stamp: UInt32 = 1
        var pending: [Int32] = []
        // By position with a move on a byte: where the move leads, as a state would hold it
        // (`follows[followStarts[n]..<followStarts[n] + followCounts[n]]`, sorted), and the
        // patterns that end there.
        var follows: [Int32] = []
        var followStarts = [Int](repeating: 0, count: byteClass.count)
        var followCounts = [Int](repeating: 0, count: byteClass.count)
        var followEnds = [UInt32](repeating: 0, count: byteClass.count)
        for position in byteClass.indices where byteClass[position] != -1 {
            stamp += 1
            let first = follows.count
            followEnds[position] = close(byteTarget[position], into: &follows, marks: &marks, stamp: stamp, pending: &pending)
            follows[first...].sort()
            followStarts[position] = first
            followCounts[position] = follows.count - first
        }
        var states = StateSets()
        _ = states.index(of: UnsafeBufferPointer(start: nil, count: 0), ends: 0)
        var start: [Int32] = []
        stamp += 1
        let startEnds = close(0, into: &start, marks: &marks, stamp: stamp, pending: &pending)
        start.sort()
        _ = start.withUnsafeBufferPointer { states.index(of: $0, ends: startEnds) }
        var table = [UInt16](repeating: 0, count: 2 * width)
        // The state being read from (its positions copied out, since making states adds to them),
        // and a state being made: its positions, and how many.
        let current = UnsafeMutableBufferPointer<Int32>.allocate(capacity: Swift.max(1, byteClass.count))
        let key = UnsafeMutableBufferPointer<Int32>.allocate(capacity: Swift.max(1, byteClass.count))
        defer {
            current.deallocate()
            key.deallocate()
        }
        var next = 1
        while next < states.count {
            let positions = states.copyPositions(of: next, into: current)
            for letter in 0..<width {
                // The state's positions that move on the letter lead to the union of their follows.
                var count = 0
                var ended: UInt32 = 0
                stamp += 1
                follows.withUnsafeBufferPointer { follows in
                    for position in positions where lettersOfClass[Int(byteClass[Int(position)])].contains(letter) {
                        ended |= followEnds[Int(position)]
                        for offset in 0..<followCounts[Int(position)] {
                            let target = follows[followStarts[Int(position)] + offset]
                            guard marks[Int(target)] != stamp else { continue }
                            marks[Int(target)] = stamp
                            key[count] = target
                            count += 1
                        }
                    }
                }
                // One position's follows are sorted already; the union of several is sorted here.
                Self.sort(UnsafeMutableBufferPointer(rebasing: key[..<count]))
                guard count > 0 || ended != 0 else { continue }
                let (index, isNew) = states.index(of: UnsafeBufferPointer(rebasing: key[..<count]), ends: ended)
                if isNew { table.append(contentsOf: repeatElement(0, count: width)) }
                guard states.count <= ASCIIRegexAutomaton.maxStates, table.count <= ASCIIRegexAutomaton.maxTable else { return nil }
                table[next * width + letter] = UInt16(index)
            }
            next += 1
        }
        // What each state can still match: what it matches, and what the states it leads to can.
        var possible = states.ends
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
        let answers = possible.indices.map { states.ends[$0] | possible[$0] << 16 }
        return (letterOfByte, table, width, answers)
    }
}

/// The states of an automaton being made, each the sorted positions a subject can reach and the
/// patterns it matches, found again by their contents (a table of open addressing over their
/// hashes).
private struct StateSets {
    /// Every state's positions, one state after another.
    private var stored: [Int32] = []
    /// Where each state's positions start in `stored`, and where the next state's would.
    private var starts = [0]
    /// By state: the patterns it matches.
    private(set) var ends: [UInt32] = []
    private var hashes: [UInt64] = []
    /// By hash: a state, or -1.
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { ends.count }

    /// Copies the positions of `state` to the start of `buffer`; the copy.
    func copyPositions(of state: Int, into buffer: UnsafeMutableBufferPointer<Int32>) -> UnsafeBufferPointer<Int32> {
        let count = starts[state + 1] - starts[state]
        if count > 0 {
            stored.withUnsafeBufferPointer { stored in
                buffer.baseAddress!.update(from: stored.baseAddress! + starts[state], count: count)
            }
        }
        return UnsafeBufferPointer(rebasing: buffer[..<count])
    }

    /// The state of `positions` (sorted) that matches `ended`, and whether it is new.
    mutating func index(of positions: UnsafeBufferPointer<Int32>, ends ended: UInt32) -> (index: Int, isNew: Bool) {
        var hash = UInt64(ended) &+ UInt64(positions.count)
        for position in positions { hash = (hash ^ UInt64(UInt32(bitPattern: position))) &* 0x9E37_79B9_7F4A_7C15 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[slot] != -1 {
            let state = Int(slots[slot])
            if hashes[state] == hash, ends[state] == ended, starts[state + 1] - starts[state] == positions.count,
                stored.withUnsafeBufferPointer({ stored in
                    positions.isEmpty || memcmp(stored.baseAddress! + starts[state], positions.baseAddress!, positions.count * 4) == 0
                })
            {
                return (state, false)
            }
            slot = (slot + 1) & mask
        }
        let state = count
        stored.append(contentsOf: positions)
        starts.append(stored.count)
        ends.append(ended)
        hashes.append(hash)
        slots[slot] = Int32(state)
        if 2 * count > slots.count { grow() }
        return (state, true)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = slots.count - 1
        for state in 0..<count {
            var slot = Int(truncatingIfNeeded: hashes[state] >> 32) & mask
            while slots[slot] != -1 { slot = (slot + 1) & mask }
            slots[slot] = Int32(state)
        }
    }
}

/// A set of numbers below 128 (a class's bytes, or the letters a class takes), as two words of bits.
private struct SmallSet: Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    func contains(_ number: Int) -> Bool {
        (number < 64 ? low >> UInt64(number) : high >> UInt64(number - 64)) & 1 != 0
    }

    mutating func insert(_ number: Int) {
        if number < 64 { low |= 1 << UInt64(number) } else { high |= 1 << UInt64(number - 64) }
    }

    func union(_ other: SmallSet) -> SmallSet { SmallSet(low: low | other.low, high: high | other.high) }

    func subtracting(_ other: SmallSet) -> SmallSet { SmallSet(low: low & ~other.low, high: high & ~other.high) }
}
