/// Writes a checked record as JSON straight from its outcome, into a byte buffer the caller
/// reuses: `{"valid", "values", "errors"}`, with `"record"` first for `vouch check` and
/// `"display"` for the C API. No secret value is ever written.
struct ResultWriter: Sendable {
    /// `"name":` of each field, ready to copy.
    private let keys: [[UInt8]]
    /// `{"field":"name","code":` of each field.
    private let errorPrefixes: [[UInt8]]
    private let secret: [Bool]

    init(fields: [FieldSchema]) {
        keys = fields.map { field in
            var bytes: [UInt8] = []
            JSONWriter.writeString(field.name, into: &bytes)
            bytes.append(.colon)
            return bytes
        }
        errorPrefixes = fields.map { field in
            var bytes = Array(#"{"field":"#.utf8)
            JSONWriter.writeString(field.name, into: &bytes)
            bytes += #","code":"#.utf8
            return bytes
        }
        secret = fields.map({ $0.isSecret })
    }

    /// What comes before `"valid"`: nothing, or the record's number.
    enum Header {
        case none
        case record(Int)
    }

    /// Appends the record's JSON object to `output`.
    func write(_ check: RecordCheck, header: Header, display: Bool, into output: inout [UInt8]) {
        output.append(.openBrace)
        if case .record(let number) = header {
            output += #""record":"#.utf8
            Self.writeInteger(number, into: &output)
            output.append(.comma)
        }
        let valid = check.isValid
        output += valid ? #""valid":true,"values":{"#.utf8 : #""valid":false,"values":{"#.utf8
        writeValues(check, display: false, into: &output)
        if display {
            output += #"},"display":{"#.utf8
            writeValues(check, display: true, into: &output)
        }
        output += #"},"errors":["#.utf8
        var first = true
        for index in check.outcomes.indices where check.outcomes[index].included {
            for violation in check.outcomes[index].violations {
                if !first { output.append(.comma) }
                first = false
                errorPrefixes[index].withUnsafeBufferPointer { output.append(contentsOf: $0) }
                JSONWriter.writeString(violation.code, into: &output)
                output += #","message":"#.utf8
                JSONWriter.writeString(violation.message, into: &output)
                output.append(.closeBrace)
            }
        }
        output += "]}".utf8
    }

    private func writeValues(_ check: RecordCheck, display: Bool, into output: inout [UInt8]) {
        var first = true
        for index in check.outcomes.indices {
            guard check.outcomes[index].included, check.outcomes[index].violations.isEmpty, !secret[index] else { continue }
            if !first { output.append(.comma) }
            first = false
            keys[index].withUnsafeBufferPointer { output.append(contentsOf: $0) }
            switch check.outcomes[index].value {
            case .none:
                output += "null".utf8
            case .text:
                check.normalized.withUnsafeBufferPointer { normalized in
                    output.append(.quote)
                    JSONWriter.writeEscaped(UnsafeBufferPointer(rebasing: normalized[check.ranges[index]]), into: &output)
                    output.append(.quote)
                }
            case .typed(let value):
                if display {
                    JSONWriter.writeString(value.display, into: &output)
                } else {
                    JSONWriter.write(value.canonical, into: &output)
                }
            case .bytes(let canonical, let displayRange, let isNumber):
                check.values.withUnsafeBufferPointer { values in
                    if display || !isNumber {
                        output.append(.quote)
                        JSONWriter.writeEscaped(UnsafeBufferPointer(rebasing: values[display ? displayRange ?? canonical : canonical]), into: &output)
                        output.append(.quote)
                    } else {
                        output += UnsafeBufferPointer(rebasing: values[canonical])
                    }
                }
            }
        }
    }

    static func writeInteger(_ value: Int, into output: inout [UInt8]) {
        if value < 0 { output.append(.hyphen) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var count = 0
            repeat {
                buffer[23 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + .zero
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: buffer[(24 - count)...])
        }
    }
}
