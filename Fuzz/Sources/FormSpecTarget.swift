@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// Reading a form spec: any bytes give a form or a `VouchError`; a form that is read can make an
/// interactive form, give its hints, and check records.
enum FormSpecTarget {
    /// Texts every field of a form is given: empty, digits, letters of other scripts and cases,
    /// separators, and spaces to trim and collapse.
    static let texts = ["", "1a ,Zß", " (201) 555-0123 ", "ab-12/34.5 ", "İı ǅ ﬃ Straße", "٣٤-Ab\t c@D.org"]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let schema: FormSchema
        do {
            schema = try FormSchema(json: bytes, registry: FuzzForms.registry)
        } catch {
            _ = error.description
            return
        }
        let form = Form(schema: schema)
        for field in form.fields {
            _ = field.htmlAttributeText
            _ = field.isEditable
            _ = field.description
        }
        // Every field given the same text, by the Swift API and by bytes: the checking path runs
        // the spec's formatters and rules on bytes, and must agree with the String steps.
        for text in texts {
            let record = JSONObject(schema.fields.map { ($0.name, JSONValue.string(text)) })
            _ = schema.validate(record).json(display: true)
            let line = Array(JSONWriter.string(.object(record)).utf8)
            var output: [UInt8] = []
            let read = line.withUnsafeBufferPointer { schema.checkJSON($0, into: &output) }
            guard case .success = read else { fatalError("the checking path refused a record of strings: \(read)") }
            let expected = RecordOutput.reference(schema.validate(record))
            expect(
                output == expected,
                """
                the checking path and the Swift API disagree on \(text.debugDescription)
                 got \(String(decoding: output, as: UTF8.self))
                want \(String(decoding: expected, as: UTF8.self))
                """)
        }
        form.done()
    }
}
