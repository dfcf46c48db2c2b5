@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// Reads one JSON-lines record straight into a ``RecordCheck``: each field's value as a run of the
/// line's bytes (unescaped only when it holds escapes); keys the form does not use are skipped,
/// not copied.
///
/// It takes the common record (an object of strings, booleans and nulls, in valid UTF-8) and gives
/// up on anything else: numbers, arrays and objects as field values, deep nesting, `\u` escapes
/// outside fields, a value over the size limit, and every error. The caller then reads the record
/// with ``JSONParser``, which decides exactly as before and says what is wrong and where.
struct RecordScanner {
    /// The form's field names (kept alive by the form).
    let names: LentReference<ByteKeyTable>
    /// The same names as keys, for the expected key.
    let keys: FieldKeys
    let maxValueBytes: Int
    /// The form, whose layout of lines the record check keeps (``LineLayout``).
    let form: ObjectIdentifier

    init(plan: FormPlan, maxValueBytes: Int) {
        form = ObjectIdentifier(plan)
        names = plan.nameRef
        keys = plan.keys
        self.maxValueBytes = maxValueBytes
    }

    /// Sets `record`'s inputs from `line`; false when the line is for ``JSONParser`` to read. A
    /// key and string value laid out as the last records had them (``LineLayout``) is passed
    /// with a compare; anything else is read byte by byte, and teaches the layout.
    func scan(_ line: UnsafeBufferPointer<UInt8>, fields: Int, into record: inout RecordCheck) -> Bool {
        guard UTF8Validation.isValid(line) else { return false }
        var notes = KeyNotes(fields: fields, record: &record)
        record.layout.begin(plan: form, fields: fields)
        var reader = Reader(bytes: line)
        var started = false
        while true {
            let place = LineLayout.place(previous: notes.previous, started: started)
            if let (field, quote) = record.layout.match(place, at: reader.index, in: line) {
                reader.index = quote
                guard notes.take(field), readValue(.quote, field: field, reader: &reader, into: &record) else { return false }
                started = true
                continue
            }
            let runStart = reader.index
            if started {
                switch reader.skipSpace() {
                case .comma: reader.index += 1
                case .closeBrace:
                    reader.index += 1
                    return reader.skipSpace() == nil
                default: return false
                }
            } else {
                guard reader.skipSpace() == .openBrace else { return false }
                reader.index += 1
                started = true
                if reader.skipSpace() == .closeBrace {
                    reader.index += 1
                    return reader.skipSpace() == nil
                }
            }
            guard reader.skipSpace() == .quote else { return false }
            let expected = notes.expected
            let field: Int?
            var key = 0..<0
            if expected < fields, let end = keys.end(ofKey: expected, at: reader.index + 1, in: line) {
                reader.index = end
                field = expected
            } else {
                guard let plain = reader.plainString() else { return false }
                key = plain
                field = names.with { $0.index(of: UnsafeBufferPointer(rebasing: line[plain]), expected: expected) }
            }
            guard reader.skipSpace() == .colon else { return false }
            reader.index += 1
            guard let first = reader.skipSpace() else { return false }
            if let field {
                if first == .quote { record.layout.learn(place, from: runStart, through: reader.index, in: line, field: field) }
                guard notes.take(field), readValue(first, field: field, reader: &reader, into: &record) else { return false }
            } else {
                guard record.otherKeys.insert(key, of: line) else { return false }
                if first == .quote {
                    var ignored = ByteBuffer()
                    guard let value = reader.string(unescapingInto: &ignored, unicodeEscapes: false), value.count <= maxValueBytes else {
                        return false
                    }
                } else {
                    guard reader.skipValue(depth: 0) else { return false }
                }
            }
        }
    }

    /// Sets `record`'s inputs from a record given member by member; false when the JSON text the
    /// members stand for (``RecordMember/writeObject(_:into:)``) is to be read instead: for a JSON
    /// value, text that is not UTF-8, a name given twice, a string over the size limit. Strings are
    /// not copied: the members' bytes outlive the check.
    func scan(_ members: some Collection<RecordMember>, fields: Int, into record: inout RecordCheck) -> Bool {
        var notes = KeyNotes(fields: fields, record: &record)
        for member in members {
            // A field's name is valid UTF-8, and so is a name with its bytes.
            let field = names.with { $0.index(of: member.name, expected: notes.expected) }
            let input: RecordCheck.Input?
            switch member.value {
            case .string(let text):
                guard text.count <= maxValueBytes, UTF8Validation.isValid(text) else { return false }
                input = .lent(text)
            case .bool(let flag): input = .lent(Self.text(of: flag))
            case .null: input = nil
            case .json: return false
            }
            guard let field else {
                // A member no field takes: only its name is kept, to refuse it given twice.
                guard UTF8Validation.isValid(member.name) else { return false }
                let start = record.unescaped.count
                record.unescaped.append(contentsOf: member.name)
                guard record.otherKeys.insert(start..<record.unescaped.count, of: record.unescaped.bytes) else { return false }
                continue
            }
            guard notes.take(field) else { return false }
            if let input { record.inputs[field] = input }
        }
        return true
    }

    /// A boolean's input: the text of its JSON literal, which outlives every check.
    @inline(__always)
    private static func text(of flag: Bool) -> UnsafeBufferPointer<UInt8> {
        let literal: StaticString = flag ? "true" : "false"
        return UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// What the scanner notes of a record's keys, in the record's slots: which fields already have
    /// a value (no key twice), and the order of the keys, learnt for the next record.
    private struct KeyNotes {
        /// Which fields have a value. (The slots stay where they are while the record is read.)
        let seenFields: UnsafeMutableBufferPointer<Bool>
        /// Where the last record's order says the next key is: 0 before the first key, field + 1
        /// after a field's.
        let keyOrder: UnsafeMutableBufferPointer<Int>
        var previous = 0

        /// Starts `record`, of `fields` fields, with no input and no key seen.
        @inline(__always)
        init(fields: Int, record: inout RecordCheck) {
            record.reset(fields: fields)
            seenFields = record.seenFields.mutableBuffer
            seenFields.update(repeating: false)
            record.otherKeys.removeAll()
            keyOrder = record.keyOrder.mutableBuffer
        }

        /// The field the next key names, by the last record's order (`fields` and over when none).
        var expected: Int {
            @inline(__always) get { keyOrder[previous] }
        }

        /// Notes that the key just read names `field`: false when an earlier key named it.
        @inline(__always)
        mutating func take(_ field: Int) -> Bool {
            guard !seenFields[field] else { return false }
            seenFields[field] = true
            if field != keyOrder[previous] { keyOrder[previous] = field }
            previous = field + 1
            return true
        }
    }

    /// A field's value: a string (unescaped if need be), `true`/`false` as their text, or `null`.
    @inline(__always)
    private func readValue(_ first: UInt8, field: Int, reader: inout Reader, into record: inout RecordCheck) -> Bool {
        switch first {
        case .quote:
            let start = record.unescaped.count
            guard let range = reader.string(unescapingInto: &record.unescaped, unicodeEscapes: true), range.count <= maxValueBytes else {
                return false
            }
            record.inputs[field] =
                record.unescaped.count > start ? .bytes(start..<record.unescaped.count, inLine: false) : .bytes(range, inLine: true)
            return true
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            guard let word = reader.literal() else { return false }
            if word != .null { record.inputs[field] = .lent(Self.text(of: word == .true)) }
            return true
        case UInt8(ascii: "n"):
            return reader.literal() == .null
        default:
            return false
        }
    }

    /// A cursor over the line's bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        enum Literal { case `true`, `false`, null }

        /// Skips JSON white space; the byte after it, or nil at the end. None or one space, as
        /// JSON writers put between tokens, are looked at first.
        @inline(__always)
        mutating func skipSpace() -> UInt8? {
            if index &+ 1 < bytes.count {
                let byte = bytes[index]
                if byte > .space { return byte }
                let next = bytes[index &+ 1]
                if byte == .space && next > .space {
                    index &+= 1
                    return next
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte > .space { return byte }
                guard byte == .space || byte == .tab || byte == .lineFeed || byte == .carriageReturn else { return byte }
                index += 1
            }
            return nil
        }

        /// A string without escapes, at its opening quote: the range of its content.
        mutating func plainString() -> Range<Int>? {
            let start = index + 1
            let end = bytes.firstJSONStringSpecial(from: start)
            guard end < bytes.count, bytes[end] == .quote else { return nil }
            index = end + 1
            return start..<end
        }

        /// A string at its opening quote: the range of its raw content. When it has escapes, its
        /// unescaped text is appended to `output`; a `\u` escape gives up unless `unicodeEscapes`.
        @inline(__always)
        mutating func string(unescapingInto output: inout ByteBuffer, unicodeEscapes: Bool) -> Range<Int>? {
            let start = index + 1
            let end = bytes.firstJSONStringSpecial(from: start)
            guard end < bytes.count else { return nil }
            switch bytes[end] {
            case .quote:
                index = end + 1
                return start..<end
            case .backslash:
                return escapedString(start: start, firstEscape: end, output: &output, unicodeEscapes: unicodeEscapes)
            default:
                return nil
            }
        }

        private mutating func escapedString(start: Int, firstEscape: Int, output: inout ByteBuffer, unicodeEscapes: Bool) -> Range<Int>? {
            output.append(contentsOf: bytes[start..<firstEscape])
            var position = firstEscape
            while position < bytes.count {
                let byte = bytes[position]
                if byte == .quote {
                    index = position + 1
                    return start..<position
                }
                guard byte >= 0x20 else { return nil }
                guard byte == .backslash else {
                    output.append(byte)
                    position += 1
                    continue
                }
                guard position + 1 < bytes.count else { return nil }
                let escaped: UInt8
                switch bytes[position + 1] {
                case .quote: escaped = .quote
                case .backslash: escaped = .backslash
                case .slash: escaped = .slash
                case UInt8(ascii: "b"): escaped = 0x08
                case UInt8(ascii: "f"): escaped = 0x0C
                case UInt8(ascii: "n"): escaped = .lineFeed
                case UInt8(ascii: "r"): escaped = .carriageReturn
                case UInt8(ascii: "t"): escaped = .tab
                case UInt8(ascii: "u"):
                    guard unicodeEscapes, let (scalar, length) = unicodeEscape(at: position) else { return nil }
                    UTF8Validation.append(scalar, to: &output)
                    position += length
                    continue
                default: return nil
                }
                output.append(escaped)
                position += 2
            }
            return nil
        }

        /// A `\u` escape of four hex digits (or a surrogate pair of two) at `position`: the scalar and the
        /// escape's length. Nil for a lone surrogate, which the parser refuses.
        private func unicodeEscape(at position: Int) -> (UInt32, Int)? {
            guard let high = hex4(at: position + 2) else { return nil }
            switch high {
            case 0xD800...0xDBFF:
                guard position + 11 < bytes.count, bytes[position + 6] == .backslash, bytes[position + 7] == UInt8(ascii: "u"),
                    let low = hex4(at: position + 8), (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return (0x10000 + (high - 0xD800) << 10 + (low - 0xDC00), 12)
            case 0xDC00...0xDFFF: return nil
            default: return (high, 6)
            }
        }

        private func hex4(at position: Int) -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[position..<position + 4] {
                guard byte.isASCIIHexDigit else { return nil }
                value = value << 4 | UInt32(byte.isASCIIDigit ? byte - .zero : (byte | 0x20) - UInt8(ascii: "a") + 10)
            }
            return value
        }

        /// `true`, `false` or `null`.
        mutating func literal() -> Literal? {
            if starts(with: "true") {
                index += 4
                return .true
            }
            if starts(with: "false") {
                index += 5
                return .false
            }
            if starts(with: "null") {
                index += 4
                return .null
            }
            return nil
        }

        private func starts(with word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            return true
        }

        /// Skips a value that no field takes. Gives up on what only the parser can judge: numbers
        /// with an exponent or hundreds of digits (which may overflow), `\u` escapes, objects
        /// inside it (their keys must be unique), deep nesting.
        mutating func skipValue(depth: Int) -> Bool {
            guard depth < 32, let first = skipSpace() else { return false }
            switch first {
            case .quote:
                var ignored = ByteBuffer()
                return string(unescapingInto: &ignored, unicodeEscapes: false) != nil
            case .openBracket:
                index += 1
                if skipSpace() == .closeBracket {
                    index += 1
                    return true
                }
                while true {
                    guard skipValue(depth: depth + 1) else { return false }
                    switch skipSpace() {
                    case .comma: index += 1
                    case .closeBracket:
                        index += 1
                        return true
                    default: return false
                    }
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                return literal() != nil
            case .hyphen, .zero...UInt8(ascii: "9"):
                return number()
            default:
                return false
            }
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, under 300 bytes.
        private mutating func number() -> Bool {
            let start = index
            if bytes[index] == .hyphen { index += 1 }
            guard index < bytes.count, bytes[index].isASCIIDigit else { return false }
            if bytes[index] == .zero {
                index += 1
            } else {
                while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
            }
            if index < bytes.count, bytes[index] == .period {
                index += 1
                guard index < bytes.count, bytes[index].isASCIIDigit else { return false }
                while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") { return false }
            return index - start < 300
        }
    }
}
