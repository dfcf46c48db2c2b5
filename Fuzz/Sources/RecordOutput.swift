import Vouch
@_spi(VouchInternal) import VouchBase

/// What `vouch check` writes for each record: one JSON object per line with `valid`, `values` and
/// `errors`. Every line the checker writes must be that, whatever the input was.
enum RecordOutput {
    static func checkLines(_ output: [UInt8], expected count: Int) {
        var lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        expect(lines.last?.isEmpty ?? false, "the output does not end with a line feed")
        lines.removeLast()
        expect(lines.count == count, "\(count) records gave \(lines.count) output lines")
        for line in lines {
            guard case .object(let object)? = try? JSONParser().parse(Array(line)) else {
                fatalError("an output line is not a JSON object: \(String(decoding: line, as: UTF8.self))")
            }
            expect(
                object["valid"]?.boolValue != nil && object["values"]?.objectValue != nil && object["errors"]?.arrayValue != nil,
                "an output line lacks valid, values or errors: \(String(decoding: line, as: UTF8.self))")
        }
    }

    /// The result the Swift API gives, as JSON bytes: what the checking path must write.
    static func reference(_ result: ValidationResult) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter.write(result.json(), into: &bytes)
        return bytes
    }
}
