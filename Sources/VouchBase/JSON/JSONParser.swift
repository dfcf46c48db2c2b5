// A strict RFC 8259 JSON parser working directly on UTF-8 bytes.

/// Why a document could not be parsed, and where.
///
/// - `offset`: 0-based byte offset into the UTF-8 input.
/// - `line`: 1-based; lines are separated by LF (a CR LF pair counts once).
/// - `column`: 1-based, counted in Unicode scalars (code points) from the
///   start of the line, so `"é"` advances the column by one even though it is
///   two bytes. (Everything before an error position is valid UTF-8, because
///   invalid UTF-8 is itself reported at its first byte.)
///
/// The position is that of the offending byte: the unexpected character, the
/// start of a bad escape or number, the first byte of an invalid UTF-8
/// sequence, the opening quote of a duplicate key, the bracket that nests too
/// deep, or the end of the input when it ends too early.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and what was expected,
    /// e.g. "expected ',' or '}' after an object member, found ']'".
    public var message: String
    public var line: Int
    public var column: Int
    public var offset: Int

    /// For an error inside a string (a bad escape, a control character, invalid UTF-8, no closing
    /// quote): where the string opens.
    public var stringStart: (line: Int, column: Int, offset: Int)? {
        stringOffset.map { (stringLine, stringColumn, $0) }
    }
    public var stringLine = 0
    public var stringColumn = 0
    public var stringOffset: Int?

    /// "line L, column C: message".
    public var description: String {
        "line \(line), column \(column): \(message)"
    }

    /// The error as said of data that may hold a secret: an error inside a string names the
    /// string's start and no character or position of its content.
    public var withoutStringContent: JSONParseError {
        guard let stringOffset else { return self }
        return JSONParseError(
            message:
                "the string that starts here is not valid JSON (a bad escape, a control character, invalid UTF-8, or no closing quote)",
            line: stringLine, column: stringColumn, offset: stringOffset)
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.message == right.message && left.line == right.line && left.column == right.column && left.offset == right.offset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(message)
        hasher.combine(offset)
    }
}

/// Parses JSON text (RFC 8259, strict) into `JSONValue`.
///
/// Refused: trailing commas, comments, leading zeros, `NaN`/`Infinity`,
/// numbers that overflow a `Double`, unescaped control characters in strings,
/// unknown escapes, unpaired UTF-16 surrogate escapes, invalid UTF-8 (including
/// overlong forms and encoded surrogates), a byte order mark, duplicate keys in
/// one object, nesting deeper than `maxDepth`, and anything but whitespace
/// (space, tab, LF, CR) after the top-level value. Any value may be at the top
/// level.
public struct JSONParser: Sendable {
    public static let defaultMaxDepth = 512

    /// Maximum number of nested arrays/objects. `[]` has depth 1, a scalar 0.
    public var maxDepth: Int

    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }

    /// Parses UTF-8 bytes.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var core = _JSONParserCore(bytes, maxDepth: maxDepth)
        // The core throws untyped errors (only ever JSONParseError): an
        // untyped error travels in a register, while a typed one this size
        // takes stack space at every throwing call site of the recursion.
        do {
            return try core.parseDocument()
        } catch let error as JSONParseError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// Parses UTF-8 bytes.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        try parse(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Parses UTF-8 bytes from any collection (contiguous ones without copying).
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let fast = bytes.withContiguousStorageIfAvailable { buf in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buf) }
        }
        if let fast { return try fast.get() }
        let copy = Array(bytes)
        let result = copy.withUnsafeBufferPointer { buf in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buf) }
        }
        return try result.get()
    }

    /// Parses a string (its UTF-8 form).
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(text.utf8)
    }
}

extension JSONValue {
    /// Parses JSON text; see `JSONParser`.
    public init(parsing text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) {
        self = try JSONParser(maxDepth: maxDepth).parse(text)
    }

    /// Parses UTF-8 bytes; see `JSONParser`.
    public init(parsing bytes: some Collection<UInt8>, maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) {
        self = try JSONParser(maxDepth: maxDepth).parse(bytes)
    }
}

// MARK: - Core

/// Exact powers of ten for the fast number path (10^0 ... 10^22 are exact doubles).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

@_spi(VouchInternal) public struct _JSONParserCore {
    public let base: UnsafePointer<UInt8>?
    public let end: Int
    public let maxDepth: Int
    public var pos: Int = 0
    public var depth: Int = 0
    /// Reused buffer for strings with escapes.
    public var scratch: [UInt8] = []
    /// Reused stacks: elements/members of the arrays and objects being parsed,
    /// so each final array is allocated once at its exact size.
    public var valueStack: [JSONValue] = []
    public var memberStack: [JSONObject.Member] = []

    public init(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        base = buffer.baseAddress
        end = buffer.count
        self.maxDepth = maxDepth
    }

    @inline(__always) public func byte(_ i: Int) -> UInt8 {
        base.unsafelyUnwrapped[i]
    }

    // MARK: Errors

    @inline(never) public func error(_ message: String, at offset: Int) -> JSONParseError {
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset {
            if byte(i) == .lineFeed {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        i = lineStart
        while i < offset {
            if byte(i) & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return JSONParseError(message: message, line: line, column: column, offset: offset)
    }

    /// "<expected>, found <what is at offset>".
    @inline(never) public func unexpected(_ expected: String, at offset: Int) -> JSONParseError {
        error("\(expected), found \(describe(at: offset))", at: offset)
    }

    public func describe(at offset: Int) -> String {
        guard offset < end else { return "end of input" }
        let c = byte(offset)
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c < 0x80 { return "control character \(Self.uPlus(UInt32(c)))" }
        let len = utf8SequenceLength(at: offset)
        if len > 0 {
            let s = String(decoding: UnsafeBufferPointer(start: base! + offset, count: len), as: UTF8.self)
            let scalar = s.unicodeScalars.first!
            if scalar == "\u{FEFF}" { return "a byte order mark (U+FEFF)" }
            return "'\(s)' (\(Self.uPlus(scalar.value)))"
        }
        return "invalid UTF-8 byte \(Self.hexByte(c))"
    }

    public static func uPlus(_ v: UInt32) -> String {
        var hex = String(v, radix: 16, uppercase: true)
        while hex.utf8.count < 4 { hex = "0" + hex }
        return "U+" + hex
    }

    public static func hexByte(_ b: UInt8) -> String {
        let hex = String(b, radix: 16, uppercase: true)
        return "0x" + (b < 0x10 ? "0" + hex : hex)
    }

    // MARK: Structure

    @inline(__always) public mutating func skipWhitespace() {
        while pos < end {
            let c = byte(pos)
            if c == .space || c == .lineFeed || c == .carriageReturn || c == .tab {
                pos += 1
            } else {
                return
            }
        }
    }

    public mutating func parseDocument() throws -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if pos < end {
            throw unexpected("expected end of input after the top-level value", at: pos)
        }
        return value
    }

    public mutating func parseValue() throws -> JSONValue {
        skipWhitespace()
        if pos < end {
            let c = byte(pos)
            if c == .openBrace { return try parseObject() }
            if c == .openBracket { return try parseArray() }
        }
        return try parseScalar()
    }

    @inline(never) public mutating func parseScalar() throws -> JSONValue {
        guard pos < end else { throw unexpected("expected a JSON value", at: pos) }
        switch byte(pos) {
        case .quote:
            return .string(try parseString())
        case .hyphen, .zero...UInt8(ascii: "9"):
            return .number(try parseNumber())
        case 0x74:  // t
            try expectLiteral("true")
            return .bool(true)
        case 0x66:  // f
            try expectLiteral("false")
            return .bool(false)
        case 0x6E:  // n
            try expectLiteral("null")
            return .null
        default:
            throw unexpected("expected a JSON value", at: pos)
        }
    }

    @inline(never) public mutating func expectLiteral(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        var i = 0
        while i < n {
            if pos + i >= end || byte(pos + i) != w[i] {
                throw unexpected("invalid literal; expected '\(word)'", at: pos + i)
            }
            i += 1
        }
        pos += n
    }

    @inline(__always) public mutating func enterContainer() throws {
        depth += 1
        if depth > maxDepth { try failTooDeep() }
        pos += 1
    }

    // `mutating` so that self is passed by reference, not copied, from the
    // recursive functions; the error itself is built here, not in their frames.
    @inline(never) public mutating func failTooDeep() throws -> Never {
        throw error("nesting is deeper than the limit of \(maxDepth)", at: pos)
    }

    // The recursive path (parseValue -> parseArray/parseObject -> parseValue)
    // keeps its frames small: everything else, and every error construction,
    // lives in non-inlined functions. This keeps the stack use at the default
    // depth limit of 512 far below a thread's stack size.

    /// Errors of the recursive path, built out of line: a byte out of place in an array or object,
    /// where `expected` should have been.
    @inline(never) public mutating func fail(expected: StaticString) throws -> Never {
        throw unexpected("expected \(expected)", at: pos)
    }

    /// A ',' right before the container's `close`.
    @inline(never) public mutating func failTrailingComma(before close: StaticString, expected: StaticString) throws -> Never {
        throw error("trailing comma before '\(close)' is not allowed; expected \(expected)", at: pos)
    }

    @inline(__always) public func at(_ c: UInt8) -> Bool {
        pos < end && byte(pos) == c
    }

    /// After an element or member: a ',' is stepped over with the white space after it (false), the
    /// container's `close` is stepped over (true); anything else fails, where `expected` should be.
    @inline(__always) public mutating func endsContainer(_ close: UInt8, otherwise expected: StaticString) throws -> Bool {
        skipWhitespace()
        if at(.comma) {
            pos += 1
            skipWhitespace()
            return false
        }
        guard at(close) else { try fail(expected: expected) }
        pos += 1
        return true
    }

    public mutating func parseArray() throws -> JSONValue {
        try enterContainer()
        let stackBase = valueStack.count
        skipWhitespace()
        if at(.closeBracket) {
            pos += 1
        } else {
            while true {
                try parseAndPushValue()
                if try endsContainer(.closeBracket, otherwise: "',' or ']' after an array element") { break }
                if at(.closeBracket) { try failTrailingComma(before: "]", expected: "a value") }
            }
        }
        depth -= 1
        return popArray(from: stackBase)
    }

    @inline(never) public mutating func parseAndPushValue() throws {
        let v = try parseValue()
        if valueStack.capacity == 0 { valueStack.reserveCapacity(16) }
        valueStack.append(v)
    }

    @inline(never) public mutating func popArray(from stackBase: Int) -> JSONValue {
        if stackBase == valueStack.count { return .array([]) }
        let n = valueStack.count - stackBase
        // Move the elements out (no retain/release), leave trivial values
        // behind, then drop those.
        let elements = valueStack.withUnsafeMutableBufferPointer { stack in
            [JSONValue](unsafeUninitializedCapacity: n) { buffer, count in
                let source = stack.baseAddress! + stackBase
                buffer.baseAddress!.moveInitialize(from: source, count: n)
                source.initialize(repeating: .null, count: n)
                count = n
            }
        }
        valueStack.removeSubrange(stackBase...)
        return .array(elements)
    }

    public mutating func parseObject() throws -> JSONValue {
        try enterContainer()
        let stackBase = memberStack.count
        var index: [String: Int]? = nil
        skipWhitespace()
        if at(.closeBrace) {
            pos += 1
        } else {
            if !at(.quote) { try fail(expected: "a string key or '}' after '{'") }
            while true {
                // At a quote.
                let key = try parseKey(stackBase: stackBase, index: &index)
                skipWhitespace()
                if !at(.colon) { try fail(expected: "':' after an object key") }
                pos += 1
                try parseAndPushMember(key)
                if try endsContainer(.closeBrace, otherwise: "',' or '}' after an object member") { break }
                if !at(.quote) {
                    if at(.closeBrace) { try failTrailingComma(before: "}", expected: "a string key") }
                    try fail(expected: "a string key after ','")
                }
            }
        }
        depth -= 1
        return popObject(from: stackBase, index: index)
    }

    @inline(never) public mutating func parseAndPushMember(_ key: String) throws {
        let v = try parseValue()
        memberStack.append((key, v))
    }

    /// Parses a key (at its opening quote) and refuses a duplicate of one of
    /// the members parsed so far: linear search for small objects, a hash
    /// index (kept for the final JSONObject) beyond `JSONObject.linearLimit`.
    @inline(never)
    public mutating func parseKey(stackBase: Int, index: inout [String: Int]?) throws -> String {
        if memberStack.capacity == 0 { memberStack.reserveCapacity(16) }
        let keyStart = pos
        let key = try parseString()
        let n = memberStack.count - stackBase
        if index != nil {
            if index!.updateValue(n, forKey: key) != nil {
                throw error("duplicate key \(JSONWriter.quoted(key)) in object", at: keyStart)
            }
            return key
        }
        var i = stackBase
        while i < memberStack.count {
            if memberStack[i].key == key {
                throw error("duplicate key \(JSONWriter.quoted(key)) in object", at: keyStart)
            }
            i += 1
        }
        if n + 1 > JSONObject.linearLimit {
            var idx = [String: Int](minimumCapacity: 2 * (n + 1))
            for j in 0..<n { idx[memberStack[stackBase + j].key] = j }
            idx[key] = n
            index = idx
        }
        return key
    }

    @inline(never) public mutating func popObject(from stackBase: Int, index: [String: Int]?) -> JSONValue {
        if stackBase == memberStack.count { return .object(JSONObject()) }
        let n = memberStack.count - stackBase
        let members = memberStack.withUnsafeMutableBufferPointer { stack in
            [JSONObject.Member](unsafeUninitializedCapacity: n) { buffer, count in
                let source = stack.baseAddress! + stackBase
                buffer.baseAddress!.moveInitialize(from: source, count: n)
                source.initialize(repeating: ("", .null), count: n)
                count = n
            }
        }
        memberStack.removeSubrange(stackBase...)
        return .object(JSONObject(uniqueMembers: members, index: index))
    }

    // MARK: Strings

    /// Length of the well-formed UTF-8 sequence starting at `i` (a byte >= 0x80),
    /// or 0 if it is ill-formed or truncated (Unicode Table 3-7).
    @inline(__always) public func utf8SequenceLength(at i: Int) -> Int {
        let b0 = byte(i)
        @inline(__always) func cont(_ j: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            j < end && byte(j) >= lo && byte(j) <= hi
        }
        switch b0 {
        case 0xC2...0xDF:
            return cont(i + 1) ? 2 : 0
        case 0xE0:
            return cont(i + 1, 0xA0, 0xBF) && cont(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return cont(i + 1) && cont(i + 2) ? 3 : 0
        case 0xED:
            return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0
        case 0xF0:
            return cont(i + 1, 0x90, 0xBF) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF1...0xF3:
            return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF4:
            return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0
        default:
            return 0
        }
    }

    public func invalidUTF8(at i: Int) -> JSONParseError {
        error("invalid UTF-8 byte \(Self.hexByte(byte(i))) in string", at: i)
    }

    public func controlCharacter(at i: Int) -> JSONParseError {
        error("control character \(Self.uPlus(UInt32(byte(i)))) must be escaped in a string", at: i)
    }

    /// Parses a string starting at its opening quote; leaves `pos` after the
    /// closing quote.
    @inline(never) public mutating func parseString() throws -> String {
        do {
            return try parseStringBody()
        } catch var failure as JSONParseError {
            let start = error("", at: pos)
            (failure.stringLine, failure.stringColumn, failure.stringOffset) = (start.line, start.column, pos)
            throw failure
        }
    }

    @inline(__always) public mutating func parseStringBody() throws -> String {
        let start = pos + 1
        var p = start
        while p < end {
            let c = byte(p)
            if c == .quote {
                pos = p + 1
                return String(decoding: UnsafeBufferPointer(start: base! + start, count: p - start), as: UTF8.self)
            }
            if c == .backslash {
                return try parseEscapedString(start: start, firstEscape: p)
            }
            p = try afterStringCharacter(c, at: p)
        }
        throw error("unterminated string; expected '\"' before the end of input", at: end)
    }

    /// Slow path: the string has escapes; decode into `scratch`.
    public mutating func parseEscapedString(start: Int, firstEscape: Int) throws -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        var p = firstEscape
        while p < end {
            let c = byte(p)
            if c == .quote {
                appendRun(runStart, p)
                pos = p + 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if c == .backslash {
                appendRun(runStart, p)
                p = try decodeEscape(at: p)
                runStart = p
                continue
            }
            p = try afterStringCharacter(c, at: p)
        }
        throw error("unterminated string; expected '\"' before the end of input", at: end)
    }

    /// Where the character of a string that starts with byte `c` at `p` ends: a control character
    /// or invalid UTF-8 is an error.
    @inline(__always) public func afterStringCharacter(_ c: UInt8, at p: Int) throws -> Int {
        if c < 0x20 { throw controlCharacter(at: p) }
        if c.isASCII { return p + 1 }
        let length = utf8SequenceLength(at: p)
        if length == 0 { throw invalidUTF8(at: p) }
        return p + length
    }

    @inline(__always) public mutating func appendRun(_ from: Int, _ to: Int) {
        if to > from {
            scratch.append(contentsOf: UnsafeBufferPointer(start: base! + from, count: to - from))
        }
    }

    /// Decodes the escape at `p` (a backslash) into `scratch`; returns the
    /// offset after it.
    public mutating func decodeEscape(at p: Int) throws -> Int {
        guard p + 1 < end else {
            throw unexpected("expected an escape character after '\\'", at: p + 1)
        }
        let e = byte(p + 1)
        switch e {
        case .quote, .backslash, .slash:
            scratch.append(e)
        case UInt8(ascii: "b"): scratch.append(UInt8(ascii: "\u{8}"))
        case UInt8(ascii: "f"): scratch.append(UInt8(ascii: "\u{C}"))
        case UInt8(ascii: "n"): scratch.append(.lineFeed)
        case UInt8(ascii: "r"): scratch.append(.carriageReturn)
        case UInt8(ascii: "t"): scratch.append(.tab)
        case UInt8(ascii: "u"):
            let u1 = try hex4(at: p + 2)
            var scalar = UInt32(u1)
            var next = p + 6
            if u1 >= 0xD800 && u1 <= 0xDBFF {
                guard next + 1 < end && byte(next) == .backslash && byte(next + 1) == UInt8(ascii: "u") else {
                    throw error(
                        "unpaired high surrogate \\u\(Self.hex4String(u1)); expected a low surrogate \\uDC00-\\uDFFF to follow", at: p)
                }
                let u2 = try hex4(at: next + 2)
                guard u2 >= 0xDC00 && u2 <= 0xDFFF else {
                    throw error(
                        "unpaired high surrogate \\u\(Self.hex4String(u1)); expected a low surrogate \\uDC00-\\uDFFF to follow", at: p)
                }
                scalar = 0x10000 + ((UInt32(u1) - 0xD800) << 10) + (UInt32(u2) - 0xDC00)
                next += 6
            } else if u1 >= 0xDC00 && u1 <= 0xDFFF {
                throw error("unpaired low surrogate \\u\(Self.hex4String(u1))", at: p)
            }
            appendUTF8(scalar)
            return next
        default:
            throw unexpected("invalid escape; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t, or \\u and four hex digits", at: p + 1)
        }
        return p + 2
    }

    public static func hex4String(_ v: UInt16) -> String {
        var s = String(v, radix: 16, uppercase: true)
        while s.utf8.count < 4 { s = "0" + s }
        return s
    }

    public mutating func hex4(at i: Int) throws -> UInt16 {
        var v: UInt16 = 0
        for j in i..<(i + 4) {
            guard j < end else {
                throw unexpected("expected 4 hex digits after '\\u'", at: j)
            }
            let c = byte(j)
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: throw unexpected("expected 4 hex digits after '\\u'", at: j)
            }
            v = v << 4 | UInt16(d)
        }
        return v
    }

    @inline(__always) public mutating func appendUTF8(_ s: UInt32) {
        if s < 0x80 {
            scratch.append(UInt8(s))
        } else if s < 0x800 {
            scratch.append(UInt8(0xC0 | (s >> 6)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        } else if s < 0x10000 {
            scratch.append(UInt8(0xE0 | (s >> 12)))
            scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        } else {
            scratch.append(UInt8(0xF0 | (s >> 18)))
            scratch.append(UInt8(0x80 | ((s >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        }
    }

    // MARK: Numbers

    @inline(__always) public func isDigit(_ i: Int) -> Bool {
        i < end && byte(i).isASCIIDigit
    }

    /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// Exact: decimal significands up to 2^53 with a power of ten up to 10^22
    /// are computed directly (both exact, one correctly rounded operation);
    /// anything else goes through the standard library's correctly rounded
    /// conversion.
    @inline(never) public mutating func parseNumber() throws -> Double {
        let start = pos
        var p = pos
        let negative = byte(p) == .hyphen
        if negative { p += 1 }
        guard isDigit(p) else {
            throw unexpected("expected a digit after '-'", at: p)
        }
        var mantissa: UInt64 = 0
        var exact = true  // mantissa holds all significant digits
        var exponent = 0  // decimal exponent to apply to mantissa
        if byte(p) == .zero {
            p += 1
            if isDigit(p) {
                throw error("leading zeros are not allowed in numbers", at: p - 1)
            }
        } else {
            while isDigit(p) {
                let d = UInt64(byte(p) &- .zero)
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa &* 10 &+ d
                } else {
                    exact = false
                }
                p += 1
            }
        }
        if p < end && byte(p) == .period {
            p += 1
            guard isDigit(p) else {
                throw unexpected("expected a digit after the decimal point", at: p)
            }
            while isDigit(p) {
                let d = UInt64(byte(p) &- .zero)
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa &* 10 &+ d
                    exponent -= 1
                } else {
                    exact = false
                }
                p += 1
            }
        }
        if p < end && byte(p) | 0x20 == UInt8(ascii: "e") {
            p += 1
            var expNegative = false
            if p < end && (byte(p) == .plus || byte(p) == .hyphen) {
                expNegative = byte(p) == .hyphen
                p += 1
            }
            guard isDigit(p) else {
                throw unexpected("expected a digit in the exponent", at: p)
            }
            var e = 0
            while isDigit(p) {
                if e < 100_000 { e = e * 10 + Int(byte(p) &- .zero) }
                p += 1
            }
            exponent += expNegative ? -e : e
        }
        pos = p

        if exact && mantissa <= (1 << 53) {
            var value = Double(mantissa)
            if mantissa == 0 {
                return negative ? -0.0 : 0.0
            }
            if exponent == 0 {
                return negative ? -value : value
            }
            if exponent > 0 && exponent <= 22 {
                value *= exactPowersOfTen[exponent]
                return negative ? -value : value
            }
            if exponent < 0 && exponent >= -22 {
                value /= exactPowersOfTen[-exponent]
                return negative ? -value : value
            }
        }
        // Slow path: correctly rounded conversion by the standard library.
        let text = String(decoding: UnsafeBufferPointer(start: base! + start, count: p - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(text) is out of the range of a 64-bit float", at: start)
        }
        return value
    }
}
