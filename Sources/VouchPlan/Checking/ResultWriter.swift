@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// Writes a checked record as JSON straight from its outcome, into a byte buffer the caller
/// reuses: `{"valid", "values", "errors"}`, with `"record"` first for `vouch check` and
/// `"display"` for the C API. No secret value is ever written.
package final class ResultWriter: Sendable {
    /// `,"name":` of each field, ready to copy (the first field written without its comma): all in
    /// one run, each at its range, and 32 bytes more after the last, so that a key is copied as two
    /// words of 16 bytes (``ByteBuffer/appendUnchecked(prefix:of:)``).
    private let keys: UncountedArray<UInt8>
    private let keyRanges: UncountedArray<Range<Int>>
    private let secret: UncountedArray<Bool>

    /// The most bytes a key is copied as in words, and the room each needs past it.
    private static var keyWords: Int { 32 }

    init(fields: [FieldSchema]) {
        var keys: [UInt8] = []
        var keyRanges: [Range<Int>] = []
        for field in fields {
            let start = keys.count
            keys.append(.comma)
            JSONWriter.writeString(field.name, into: &keys)
            keys.append(.colon)
            keyRanges.append(start..<keys.count)
        }
        keys += repeatElement(0, count: Self.keyWords)
        self.keys = UncountedArray(keys)
        self.keyRanges = UncountedArray(keyRanges)
        secret = UncountedArray(fields.map { $0.isSecret })
    }

    deinit {
        keys.free()
        keyRanges.free()
        secret.free()
    }

    /// What comes before `"valid"`: nothing, or the record's number.
    enum Header {
        case none
        case record(Int)
    }

    /// The most bytes written before the first value: `{"record":`, a number, `,"valid":false,"values":{`.
    private static var headRoom: Int { 64 }

    /// Appends the record's JSON object to `output`. The record is read where it is (borrowing it
    /// from the pointer's memory would copy it).
    func write(_ record: UnsafePointer<RecordCheck>, header: Header, display: Bool, into output: inout ByteBuffer) {
        let valid = record.pointee.isValid
        output.reserve(Self.headRoom)
        output.appendUnchecked(.openBrace)
        if case .record(let number) = header {
            output.appendUnchecked(#""record":"#)
            Self.writeInteger(number, into: &output)
            output.appendUnchecked(.comma)
        }
        output.appendUnchecked(valid ? #""valid":true,"values":{"# : #""valid":false,"values":{"#)
        writeValues(record, display: false, into: &output)
        if display {
            output.append(#"},"display":{"#)
            writeValues(record, display: true, into: &output)
        }
        if valid {
            output.append(#"},"errors":[]}"#)
        } else {
            output.append(#"},"errors":["#)
            writeErrors(record.pointee.outcomes.buffer, into: &output)
            output.append("]}")
        }
    }

    /// The violations of the included fields, in the fields' order, each a JSON object.
    private func writeErrors(_ outcomes: UnsafeBufferPointer<RecordCheck.Outcome>, into output: inout ByteBuffer) {
        var first = true
        for index in outcomes.indices where outcomes[index].included && !outcomes[index].isValid {
            if !first { output.append(.comma) }
            first = false
            output.append(contentsOf: outcomes[index].firstJSON)
            if !outcomes[index].more.isEmpty { output.append(contentsOf: outcomes[index].moreJSON) }
        }
    }

    private func writeValues(_ record: UnsafePointer<RecordCheck>, display: Bool, into output: inout ByteBuffer) {
        writeValues(record, keys: keys.buffer, display: display, into: &output)
    }

    /// Writes `"name":value` of each included, valid field that is not secret, comma-separated:
    /// each with the room for its key and value made sure of once, then copied unchecked, the key as
    /// two words; a text that may need escaping is escaped by ``ByteBuffer/appendJSONString(_:)-(UnsafeBufferPointer<UInt8>)``.
    private func writeValues(
        _ record: UnsafePointer<RecordCheck>, keys: UnsafeBufferPointer<UInt8>, display: Bool, into output: inout ByteBuffer
    ) {
        // The record's buffers, read once: writing to `output` changes none of them.
        let outcomes = record.pointee.outcomes.buffer
        let texts = record.pointee.texts.buffer
        let isPlainJSON = record.pointee.isPlainJSON.buffer
        let values = record.pointee.values.bytes
        let keyBytes = keys.baseAddress.unsafelyUnwrapped
        var first = true
        for index in outcomes.indices {
            guard outcomes[index].included, outcomes[index].isValid, !secret[index] else { continue }
            let key = keyRanges[index]
            let keyStart = first ? key.lowerBound &+ 1 : key.lowerBound
            let keyLength = key.upperBound &- keyStart
            first = false
            let value: UnsafeBufferPointer<UInt8>
            let form: RecordCheck.Outcome.Form
            switch outcomes[index].value {
            case .none:
                value = UnsafeBufferPointer(start: Self.null.utf8Start, count: Self.null.utf8CodeUnitCount)
                form = .json
            case .text:
                value = texts[index]
                form = isPlainJSON[index] ? .plainText : .text
            case .bytes(let canonical, let displayRange, let canonicalForm):
                value = UnsafeBufferPointer(rebasing: values[display ? displayRange ?? canonical : canonical])
                form = display ? .text : canonicalForm
            }
            // The key's words, and the value as it is between quotes (an escaped one makes room for itself).
            output.reserve(Self.keyWords &+ keyLength &+ value.count &+ 2)
            if keyLength <= Self.keyWords {
                output.appendUnchecked(prefix: keyLength, of: keyBytes + keyStart)
            } else {
                output.appendUnchecked(contentsOf: UnsafeBufferPointer(start: keyBytes + keyStart, count: keyLength))
            }
            switch form {
            case .plainText: output.appendQuotedUnchecked(value)
            case .json: output.appendUnchecked(contentsOf: value)
            case .text: output.appendJSONString(value)
            }
        }
    }

    /// The JSON of a field with no value.
    private static var null: StaticString { "null" }

    /// A record `vouch check` could not read: `{"record", "line", "valid": false, "values": {},
    /// "errors": [{"field": null, "code", "message", "args": {}}]}`, the message starting with its line.
    package static func writeUnreadable(record: Int, line: Int, code: String, message: String, into output: inout ByteBuffer) {
        output.append(#"{"record":"#)
        writeInteger(record, into: &output)
        output.append(#","line":"#)
        writeInteger(line, into: &output)
        output.append(#","valid":false,"values":{},"errors":[{"field":null,"code":"#)
        output.appendJSONString(code)
        output.append(#","message":"#)
        output.appendJSONString("line \(line): \(message)")
        output.append(#","args":{}}]}"#)
    }

    /// A violation as ``Violation/json`` has it, byte for byte, written without building it:
    /// `{"field","code","message","args"}` and `"item"` for a token's, `"args"` in key order.
    static func write(_ violation: Violation, into output: inout ByteBuffer) {
        output.append(#"{"field":"#)
        output.appendJSONString(violation.field)
        output.append(#","code":"#)
        output.appendJSONString(violation.code)
        output.append(#","message":"#)
        output.appendJSONString(violation.message)
        output.append(#","args":{"#)
        var first = true
        violation.forEachArgument { name, argument in
            if !first { output.append(.comma) }
            first = false
            output.appendJSONString(name)
            output.append(.colon)
            switch argument {
            case .string(let text): output.appendJSONString(text)
            case .number(let number):
                if number == number.rounded(.towardZero), number.magnitude < 1e15, number != 0 || number.sign == .plus {
                    writeInteger(Int(number), into: &output)
                } else {
                    var bytes: [UInt8] = []
                    JSONWriter.writeNumber(number, into: &bytes)
                    output.append(contentsOf: bytes)
                }
            }
        }
        output.append(.closeBrace)
        if let item = violation.item {
            output.append(#","item":"#)
            writeInteger(item, into: &output)
        }
        output.append(.closeBrace)
    }

    static func writeInteger(_ value: Int, into output: inout ByteBuffer) {
        output.reserve(1 &+ ByteBuffer.maxDecimalDigits)
        if value < 0 { output.appendUnchecked(.hyphen) }
        output.appendUnchecked(decimal: value.magnitude)
    }
}
