/// An input mask such as `(###) ###-####`: slots for the characters the user types, and literals
/// that Vouch puts around them.
///
/// Slots: `#` a digit, `A` a letter, `*` a letter or digit. Any other character is a literal;
/// `\` makes the next character a literal (`\#`).
public struct Mask: Sendable, Hashable, CustomStringConvertible {
    enum Element: Sendable, Hashable {
        case digit, letter, alphanumeric
        case literal(Character)

        func accepts(_ c: Character) -> Bool {
            switch self {
            case .digit: c.isASCII && c.isNumber
            case .letter: c.isLetter
            case .alphanumeric: c.isLetter || (c.isASCII && c.isNumber)
            case .literal: false
            }
        }
    }

    /// The mask as written.
    public let pattern: String
    let elements: [Element]
    /// How many characters the user types to fill the mask.
    public let slotCount: Int
    /// Whether the mask is ASCII, so that it can be laid out on bytes.
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
        var escaped = false
        for c in pattern {
            if escaped {
                elements.append(.literal(c))
                escaped = false
                continue
            }
            switch c {
            case "\\": escaped = true
            case "#": elements.append(.digit)
            case "A": elements.append(.letter)
            case "*": elements.append(.alphanumeric)
            default: elements.append(.literal(c))
            }
        }
        self.elements = elements
        self.slotCount = elements.filter { if case .literal = $0 { false } else { true } }.count
        self.isASCII = pattern.utf8.isASCII && elements.allSatisfy { if case .literal(let c) = $0 { c.utf8.count == 1 } else { true } }
        self.bytes = elements.map { element in
            switch element {
            case .digit: Slot.digit
            case .letter: Slot.letter
            case .alphanumeric: Slot.alphanumeric
            case .literal(let c): c.utf8.first!
            }
        }
    }

    public var description: String { pattern }

    /// The characters of `text` that could fill slots: its letters and digits (digits of any
    /// script written as ASCII), in order.
    public func slotCharacters(of text: String) -> [Character] {
        var characters: [Character] = []
        if text.utf8.isASCII {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    characters.append(Character(Unicode.Scalar(byte)))
                default: break
                }
            }
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

    /// Lays the letters and digits of `text` into the mask.
    ///
    /// A literal is written only when a slot after it gets a character, so a partly typed value
    /// reads naturally (`555` → `(555`). Characters that do not fit their slot, and characters past
    /// the last slot, are kept after the masked part rather than dropped, so that a rule can see
    /// them and refuse the value.
    public func apply(_ text: String) -> String {
        if let ascii = applyASCII(text) { return ascii }
        let input = slotCharacters(of: text)
        var output = ""
        var next = 0
        var pendingLiterals = ""
        for element in elements {
            guard next < input.count else { break }
            if case .literal(let c) = element {
                pendingLiterals.append(c)
                continue
            }
            guard element.accepts(input[next]) else { break }
            output += pendingLiterals
            pendingLiterals = ""
            output.append(input[next])
            next += 1
        }
        if next < input.count {
            output += pendingLiterals
            output += String(input[next...])
        }
        return output
    }

    /// `apply` for an ASCII mask and ASCII text, on bytes; nil otherwise.
    private func applyASCII(_ text: String) -> String? {
        var text = text
        var output = ByteBuffer()
        guard text.withUTF8({ apply($0, into: &output) }) else { return nil }
        return output.bytes.string
    }

    /// ``apply(_:)`` of ASCII text with an ASCII mask, appended to `output`; false, with nothing
    /// written, for other text or masks.
    func apply(_ text: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer) -> Bool {
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
        bytes.withUnsafeBufferPointer { mask in
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

    /// Whether the mask has a slot, in order, for each of these characters.
    func takes(_ slots: [Character]) -> Bool {
        guard slots.count <= slotCount else { return false }
        var next = 0
        for element in elements where next < slots.count {
            if case .literal = element { continue }
            guard element.accepts(slots[next]) else { return false }
            next += 1
        }
        return true
    }

    /// Whether `text` is exactly a filled mask.
    public func isFilled(by text: String) -> Bool {
        let input = slotCharacters(of: text)
        return input.count == slotCount && apply(text) == text
    }
}

extension Mask {
    /// ``takes(_:)`` for ASCII letters and digits.
    func takes(ascii slots: UnsafeBufferPointer<UInt8>) -> Bool {
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
