@_spi(VouchInternal) import VouchBase

/// An input mask such as `(###) ###-####`: slots for the characters the user types, and literals
/// that Vouch puts around them.
///
/// Slots: `#` a digit, `A` a letter, `*` a letter or digit, `?` any character. `>` upper-cases
/// the letters of the slots after it, `<` lower-cases them, `<>` keeps them as typed. `[` and `]`
/// enclose an optional part (`#####[-####]`: five digits, or nine). Any other character is a
/// literal; `\` makes the next character a literal (`\#`).
public struct Mask: Sendable, Hashable, CustomStringConvertible {
    /// What a slot takes.
    public enum SlotClass: Sendable, Hashable {
        case digit, letter, letterOrDigit, any

        /// Whether the slot takes `character`.
        public func accepts(_ character: Character) -> Bool {
            switch self {
            case .digit: character.isASCII && character.isNumber
            case .letter: character.isLetter
            case .letterOrDigit: character.isLetter || (character.isASCII && character.isNumber)
            case .any: true
            }
        }
    }

    /// How a slot writes the letters it takes.
    enum Casing: Sendable, Hashable {
        case asTyped, upper, lower
    }

    enum Element: Sendable, Hashable {
        case slot(SlotClass, Casing)
        case literal(Character)

        func accepts(_ c: Character) -> Bool {
            if case .slot(let slotClass, _) = self { return slotClass.accepts(c) }
            return false
        }

        var isSlot: Bool { if case .slot = self { true } else { false } }
    }

    /// The mask as written.
    public let pattern: String
    let elements: [Element]
    /// For each element, the optional part it belongs to (an index of ``optionalParts``), if any.
    let part: [Int?]
    /// The optional parts, in order: how many slots each has.
    let optionalParts: [Int]
    /// How many characters the user types to fill the mask, optional parts included.
    public let slotCount: Int
    /// How many of them are required.
    public let requiredSlotCount: Int
    /// What is wrong with the pattern (an unclosed `[`), or nil.
    public let problem: String?
    /// Whether the mask is ASCII with `#`, `A` and `*` slots only, so that it can be laid out on
    /// bytes.
    let isASCII: Bool
    /// An ASCII mask as bytes: each literal as itself, each slot as one of ``Slot``.
    let bytes: [UInt8]

    /// How ``bytes`` writes slots: values that no ASCII literal has.
    enum Slot {
        static let digit: UInt8 = 0x80
        static let letter: UInt8 = 0x81
        static let alphanumeric: UInt8 = 0x82
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var elements: [Element] = []
        var part: [Int?] = []
        var optionalParts: [Int] = []
        var problem: String?
        var casing = Casing.asTyped
        var isSimple = true
        var escaped = false
        var open: Int?
        var characters = Array(pattern)
        var index = 0
        func add(_ element: Element) {
            elements.append(element)
            part.append(open)
            if element.isSlot, let open { optionalParts[open] += 1 }
        }
        while index < characters.count {
            let c = characters[index]
            index += 1
            if escaped {
                add(.literal(c))
                escaped = false
                continue
            }
            switch c {
            case "\\": escaped = true
            case "#": add(.slot(.digit, casing))
            case "A": add(.slot(.letter, casing))
            case "*": add(.slot(.letterOrDigit, casing))
            case "?":
                add(.slot(.any, casing))
                isSimple = false
            case "<" where index < characters.count && characters[index] == ">":
                index += 1
                casing = .asTyped
            case "<":
                casing = .lower
                isSimple = false
            case ">":
                casing = .upper
                isSimple = false
            case "[":
                if open != nil { problem = problem ?? "has a [ inside an optional part" }
                optionalParts.append(0)
                open = optionalParts.count - 1
                isSimple = false
            case "]":
                if open == nil { problem = problem ?? "has a ] that closes no optional part" }
                open = nil
            default: add(.literal(c))
            }
        }
        if open != nil { problem = problem ?? "has a [ that is not closed" }
        if escaped { problem = problem ?? "ends with \\, which escapes nothing" }
        characters = []
        self.elements = elements
        self.part = part
        self.optionalParts = optionalParts
        self.problem = problem
        self.slotCount = elements.filter(\.isSlot).count
        self.requiredSlotCount = slotCount - optionalParts.reduce(0, +)
        self.isASCII =
            isSimple && pattern.utf8.allSatisfy { $0 < 0x80 }
            && elements.allSatisfy { if case .literal(let c) = $0 { c.utf8.count == 1 } else { true } }
        self.bytes = elements.map { element in
            switch element {
            case .slot(.digit, _): Slot.digit
            case .slot(.letter, _): Slot.letter
            case .slot: Slot.alphanumeric
            case .literal(let c): c.utf8.first!
            }
        }
    }

    public var description: String { pattern }

    /// The characters of `text` that could fill slots, in order: its letters and digits (digits of
    /// any script written as ASCII) where the mask has no `?` slot; with one, every character but
    /// the mask's literals where they stand.
    public func slotCharacters(of text: String) -> [Character] {
        guard hasAnySlot else { return Self.lettersAndDigits(of: text) }
        return zip(text, slotFlags(of: text)).filter(\.1).map(\.0)
    }

    /// For each character of `text`, laid out by the mask, whether it fills a slot (true) or is
    /// the mask's literal where it stands (false).
    func slotFlags(of text: String) -> [Bool] {
        var flags: [Bool] = []
        var next = 0  // the element the next character meets
        for c in text {
            if next < elements.count, case .literal(let literal) = elements[next], literal == c {
                next += 1
                flags.append(false)
                continue
            }
            while next < elements.count, !elements[next].isSlot { next += 1 }
            flags.append(true)
            next += 1
        }
        return flags
    }

    /// Whether a slot takes any character.
    var hasAnySlot: Bool { elements.contains { if case .slot(.any, _) = $0 { true } else { false } } }

    /// The letters and digits of `text` (digits of any script as ASCII), in order.
    static func lettersAndDigits(of text: String) -> [Character] {
        var characters: [Character] = []
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in text.utf8 where byte.isASCIILetterOrDigit { characters.append(Character(Unicode.Scalar(byte))) }
            return characters
        }
        for c in text {
            if c.isLetter {
                characters.append(c)
            } else if c.unicodeScalars.count == 1, let value = c.unicodeScalars.first!.decimalDigitValue {
                characters.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value))))
            }
        }
        return characters
    }

    /// The optional parts a value of `count` slot characters fills, in order: each one the
    /// characters past the required slots reach.
    func includedParts(for count: Int) -> [Bool] {
        var extra = count - requiredSlotCount
        return optionalParts.map { size in
            guard extra > 0 else { return false }
            extra -= size
            return true
        }
    }

    /// The slots a value of `count` characters fills, in order (elements' indices).
    func slots(for count: Int) -> [Int] {
        let included = includedParts(for: count)
        return elements.indices.filter { index in elements[index].isSlot && (part[index].map { included[$0] } ?? true) }
    }

    /// Lays the characters of `text` into the mask.
    ///
    /// A literal is written only when a slot after it gets a character, so a partly typed value
    /// reads naturally (`555` → `(555`). Characters that do not fit their slot, and characters past
    /// the last slot, are kept after the masked part rather than dropped, so that a rule can see
    /// them and refuse the value.
    public func apply(_ text: String) -> String {
        if let ascii = applyASCII(text) { return ascii }
        return layOut(slotCharacters(of: text))
    }

    /// `input`, slot characters, laid into the mask (see ``apply(_:)``).
    func layOut(_ input: [Character]) -> String {
        let included = includedParts(for: input.count)
        var output = ""
        var next = 0
        var pendingLiterals = ""
        layout: for (index, element) in elements.enumerated() {
            guard next < input.count else { break }
            if let part = part[index], !included[part] { continue }
            switch element {
            case .literal(let c): pendingLiterals.append(c)
            case .slot(let slotClass, let casing):
                guard slotClass.accepts(input[next]) else { break layout }
                output += pendingLiterals
                pendingLiterals = ""
                output += Self.cased(input[next], casing)
                next += 1
            }
        }
        if next < input.count {
            output += pendingLiterals
            output += String(input[next...])
        }
        return output
    }

    static func cased(_ c: Character, _ casing: Casing) -> String {
        switch casing {
        case .asTyped: String(c)
        case .upper: c.uppercased()
        case .lower: c.lowercased()
        }
    }

    /// Whether the mask has a slot, in order, for each of these characters (an optional part
    /// only where the characters reach it).
    func takes(_ slots: [Character]) -> Bool {
        guard slots.count <= slotCount else { return false }
        let positions = self.slots(for: slots.count)
        guard positions.count >= slots.count else { return false }
        for (offset, c) in slots.enumerated() where !elements[positions[offset]].accepts(c) { return false }
        return true
    }

    /// Whether these slot characters fill the mask: every required slot, and every optional part
    /// they reach.
    func isComplete(_ slots: [Character]) -> Bool { takes(slots) && slots.count == self.slots(for: slots.count).count }

    /// Whether `text` is exactly a filled mask.
    public func isFilled(by text: String) -> Bool {
        let input = slotCharacters(of: text)
        return isComplete(input) && apply(text) == text
    }

    /// The mask as an empty field shows it: each slot as `placeholder` (`(___) ___-____`), the
    /// optional parts left out.
    public func placeholder(_ placeholder: Character = "_") -> String { render([], placeholder: placeholder) }

    /// `typed` (slot characters) laid into the mask, and every slot still open as `placeholder`:
    /// `(20_) ___-____`.
    public func render(_ typed: [Character], placeholder: Character = "_") -> String {
        let included = includedParts(for: typed.count)
        var output = ""
        var next = 0
        for (index, element) in elements.enumerated() {
            if let part = part[index], !included[part] { continue }
            switch element {
            case .literal(let c): output.append(c)
            case .slot(_, let casing):
                guard next < typed.count else {
                    output.append(placeholder)
                    continue
                }
                output += Self.cased(typed[next], casing)
                next += 1
            }
        }
        return output
    }

    /// `typed` with the group of digit slots it ends inside filled with leading zeros, when
    /// `literal` is the mask's literal after that group: `2` and `/` give `02` in `##/##/####`,
    /// as people type `2/22/1982`. Nil when `literal` does not close a group begun outside the
    /// mask's optional parts.
    func padded(_ typed: [Character], closingWith literal: Character) -> [Character]? {
        guard !typed.isEmpty, typed.count < slotCount else { return nil }
        let positions = slots(for: slotCount)
        let last = positions[typed.count - 1]
        let next = positions[typed.count]
        // The next slot must be in the same group as the last one typed, and the group end at `literal`.
        guard next == last + 1 else { return nil }
        var end = next
        while end < elements.count, elements[end].isSlot { end += 1 }
        guard end < elements.count, case .literal(let closing) = elements[end], closing == literal else { return nil }
        var start = last
        while start > 0, elements[start - 1].isSlot { start -= 1 }
        guard part[start] == nil, part[end - 1] == nil, (start..<end).allSatisfy({ elements[$0] == .slot(.digit, .asTyped) }) else {
            return nil
        }
        let firstTyped = positions.firstIndex(of: start)!
        let zeros = Array(repeating: Character("0"), count: end - next)
        return Array(typed[..<firstTyped]) + zeros + Array(typed[firstTyped...])
    }

    /// The length of the longest text the mask writes, optional parts included.
    public var longestText: Int { elements.count }

    /// `apply` for an ASCII mask and ASCII text, on bytes; nil otherwise.
    private func applyASCII(_ text: String) -> String? {
        var text = text
        var output = ByteBuffer()
        guard text.withByteText({ apply($0, into: &output) }) else { return nil }
        return output.text.string
    }

    /// ``apply(_:)`` of ASCII text with an ASCII mask, appended to `output`; false, with nothing
    /// written, for other text or masks.
    func apply(_ text: ByteText, into output: inout ByteBuffer) -> Bool {
        guard isASCII, text.isASCII else { return false }
        var pendingStart = -1  // where literals not yet earned by a slot begin in `output`
        var index = 0
        func nextSlotCharacter() -> UInt8? {
            while index < text.count {
                let byte = text[index]
                if byte.isASCIILetterOrDigit { return byte }
                index += 1
            }
            return nil
        }
        bytes.withByteText { mask in
            for element in mask {
                guard let byte = nextSlotCharacter() else { break }
                switch element {
                case Slot.digit where !byte.isASCIIDigit, Slot.letter where !byte.isASCIILetter:
                    return
                case Slot.digit, Slot.letter, Slot.alphanumeric:
                    pendingStart = -1
                    output.append(byte)
                    index += 1
                default:
                    if pendingStart < 0 { pendingStart = output.count }
                    output.append(element)
                }
            }
        }
        if nextSlotCharacter() != nil {
            // Characters past the last slot (or that did not fit theirs) stay after the mask.
            pendingStart = -1
            while let byte = nextSlotCharacter() {
                output.append(byte)
                index += 1
            }
        }
        if pendingStart >= 0 { output.removeSubrange(pendingStart...) }
        return true
    }

}

extension Mask {
    /// Whether laying out `slots` (ASCII letters and digits) gives them back unchanged: the mask
    /// is only slots, as many as they are, each taking its byte in its case.
    func laysOutAsIs(ascii slots: ByteText) -> Bool {
        guard isASCII, optionalParts.isEmpty, slots.count == slotCount, slotCount == elements.count else { return false }
        for (element, byte) in zip(elements, slots) {
            guard case .slot(_, let casing) = element else { return false }
            switch casing {
            case .asTyped: continue
            case .upper: if byte.isASCIILowercase { return false }
            case .lower: if byte.isASCIIUppercase { return false }
            }
        }
        return takes(ascii: slots)
    }

    /// ``takes(_:)`` for ASCII letters and digits.
    func takes(ascii slots: ByteText) -> Bool {
        guard slots.count <= slotCount else { return false }
        var next = 0
        for element in bytes {
            guard next < slots.count else { break }
            switch element {
            case Slot.digit where !slots[next].isASCIIDigit, Slot.letter where !slots[next].isASCIILetter: return false
            case Slot.digit, Slot.letter, Slot.alphanumeric: next += 1
            default: continue
            }
        }
        return true
    }
}
