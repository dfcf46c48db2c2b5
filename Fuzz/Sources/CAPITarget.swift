import CVouchAPI
import Vouch
@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchPlan

#if canImport(Glibc)
    import Glibc
#endif

/// The C API of include/vouch.h, called as a C program would, with fuzzed bytes and lengths: the
/// first byte picks an entry point, the rest are its arguments (parts separated by 0x1F). Every
/// buffer is a heap copy of exactly its length, so that reading past a length is caught; lengths
/// are sometimes shorter than the buffer or past PTRDIFF_MAX, and pointers sometimes NULL.
enum CAPITarget {
    nonisolated(unsafe) static var registry: OpaquePointer?
    /// The signup form, opened through the C API.
    nonisolated(unsafe) static var form: OpaquePointer?
    static let fields = ["first_name", "email", "phone", "zip", "state", "birth_date", "password", "newsletter", "topics"]
    /// A directory of this process for the packs written to load.
    nonisolated(unsafe) static var packDirectory = ""

    static func setUp() {
        expect(vouch_registry_open(&registry) == VOUCH_OK, "vouch_registry_open failed")
        let spec = try! FileBytes.read(FuzzForms.root + "/Examples/signup.form.json")
        let status = spec.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { vouch_form_open(registry, $0.baseAddress, $0.count, &form) }
        }
        expect(status == VOUCH_OK, "the signup form does not open: \(String(cString: vouch_registry_last_error(registry)))")
        var template = Array("/tmp/vouch-fuzz-packs.XXXXXX".utf8CString)
        guard let directory = mkdtemp(&template) else { fatalError("mkdtemp failed: \(errno)") }
        packDirectory = String(cString: directory)
        atexit { rmdir(CAPITarget.packDirectory) }
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = FuzzInput(bytes)
        switch input.choose(10) {
        case 9: checkMembers(&input)
        case 0: openForm(&input)
        case 1: validateJSON(&input)
        case 2: validate(&input)
        case 3: edit(&input)
        case 4: validateValue(&input)
        case 5: formatValue(&input)
        case 6: loadPack(&input)
        case 7: check(&input)
        default: listAndNames(&input)
        }
    }

    // MARK: Arguments

    /// A heap copy of some bytes, and the length to pass with it.
    struct Argument {
        let pointer: UnsafeMutablePointer<CChar>?
        let length: Int

        /// `mode` (a fuzzed byte) says how to pass them: mostly as they are; or NULL; or a shorter
        /// length; or a length past PTRDIFF_MAX, which the API must refuse.
        init(_ bytes: UnsafeBufferPointer<UInt8>, mode: UInt8) {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
            if let base = bytes.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: bytes.count) }
            switch mode % 16 {
            case 0: (pointer, length) = (nil, mode & 0x10 == 0 ? 0 : bytes.count)
            case 1: (pointer, length) = (copy, bytes.count / 2)
            case 2: (pointer, length) = (copy, -1)  // SIZE_MAX
            case 3: (pointer, length) = (copy, Int.min)  // PTRDIFF_MAX + 1
            default: (pointer, length) = (copy, bytes.count)
            }
            if pointer == nil { copy.deallocate() }
        }

        func release() { pointer?.deallocate() }
    }

    /// A NUL-terminated locale tag, or NULL (the API's en-US).
    static func withLocale<R>(_ part: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        if part.isEmpty { return body(nil) }
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: part.count + 1)
        defer { copy.deallocate() }
        UnsafeMutableRawPointer(copy).copyMemory(from: part.baseAddress!, byteCount: part.count)
        copy[part.count] = 0
        return body(UnsafePointer(copy))
    }

    /// Text Vouch returned: `length` bytes and a NUL after them, in UTF-8.
    static func checkText(_ text: UnsafePointer<CChar>?, _ length: Int, _ what: String) {
        guard let text else { fatalError("\(what): NULL text") }
        expect(text[length] == 0, "\(what): no NUL after \(length) bytes")
        let bytes = UnsafeRawBufferPointer(start: text, count: length)
        expect(String(validating: bytes, as: UTF8.self) != nil, "\(what): not UTF-8")
    }

    static func checkError(_ message: UnsafePointer<CChar>?) {
        guard let message else { fatalError("last_error gave NULL") }
        _ = strlen(message)
    }

    // MARK: Entry points

    static func openForm(_ input: inout FuzzInput) {
        let mode = input.byte()
        let spec = Argument(input.remaining(), mode: mode)
        defer { spec.release() }
        var opened: OpaquePointer?
        let status = vouch_form_open(registry, spec.pointer, spec.length, &opened)
        if status != VOUCH_OK {
            expect(opened == nil, "a failed vouch_form_open gave a form")
            checkError(vouch_registry_last_error(registry))
            return
        }
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        let record = Array("{}".utf8CString)
        if vouch_form_validate_json(opened, record, 2, &json, &length) == VOUCH_OK {
            checkText(json, length, "vouch_form_validate_json")
            vouch_free(json)
        }
        vouch_form_free(opened)
    }

    static func validateJSON(_ input: inout FuzzInput) {
        let mode = input.byte()
        let record = Argument(input.remaining(), mode: mode)
        defer { record.release() }
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        if vouch_form_validate_json(form, record.pointer, record.length, &json, &length) == VOUCH_OK {
            checkText(json, length, "vouch_form_validate_json")
            vouch_free(json)
        } else {
            checkError(vouch_form_last_error(form))
        }
    }

    /// vouch_form_check with fuzzed options: a line per record, as many as the summary counts;
    /// vouch_form_check_to hands the same lines to its callback, whole lines at each call.
    static func check(_ input: inout FuzzInput) {
        let flags = input.byte()
        var options = vouch_check_options()
        options.size = flags & 0x80 == 0 ? MemoryLayout<vouch_check_options>.size : Int(flags & 0x3F)
        options.format = flags & 1 == 0 ? VOUCH_INPUT_JSON_LINES : VOUCH_INPUT_CSV
        options.first_record = Int(input.byte())
        options.first_line = Int(input.byte())
        options.max_record_bytes = flags & 2 == 0 ? 0 : Int(input.byte())
        options.max_value_bytes = flags & 4 == 0 ? 0 : Int(input.byte())
        options.display = Int32(flags & 8)
        options.jobs = flags & 0x10 == 0 ? 0 : 2
        let mode = input.byte()
        let data = Argument(input.remaining(), mode: mode)
        defer { data.release() }
        var output: UnsafeMutablePointer<CChar>?
        var summary: UnsafeMutablePointer<CChar>?
        var length = 0
        var summaryLength = 0
        let status = withUnsafePointer(to: options) { options in
            vouch_form_check(form, data.pointer, data.length, flags & 0x40 == 0 ? options : nil, &output, &length, &summary, &summaryLength)
        }
        guard status == VOUCH_OK else {
            expect(output == nil, "a failed vouch_form_check gave output")
            checkError(vouch_form_last_error(form))
            return
        }
        checkText(output, length, "vouch_form_check output")
        checkText(summary, summaryLength, "vouch_form_check summary")
        let lines = UnsafeRawBufferPointer(start: output, count: length).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let counts = try? JSONParser().parse(String(cString: summary!))
        expect(counts?["records"]?.intValue == lines, "vouch_form_check wrote \(lines) lines for \(String(cString: summary!))")
        final class Gathered { var bytes: [UInt8] = [] }
        let gathered = Gathered()
        let streamed = withUnsafePointer(to: options) { options in
            vouch_form_check_to(
                form, data.pointer, data.length, flags & 0x40 == 0 ? options : nil,
                { context, lines, length in
                    let gathered = Unmanaged<Gathered>.fromOpaque(context!).takeUnretainedValue()
                    let bytes = UnsafeRawBufferPointer(start: lines, count: length)
                    gathered.bytes.append(contentsOf: bytes)
                    return bytes.last == UInt8(ascii: "\n") ? 0 : 1
                }, Unmanaged.passUnretained(gathered).toOpaque(), nil, nil)
        }
        expect(streamed == VOUCH_OK, "vouch_form_check_to failed where vouch_form_check did not, or cut a line")
        expect(gathered.bytes.elementsEqual(UnsafeRawBufferPointer(start: output, count: length)), "vouch_form_check_to's lines differ")
        vouch_free(output)
        vouch_free(summary)
    }

    /// A record given member by member: what vouch_form_check_valid says of the JSON object of
    /// the same members, status and validity. Each member is a name (a field's, picked by a byte,
    /// or fuzzed bytes), a type byte and a value, as parts.
    static func checkMembers(_ input: inout FuzzInput) {
        var members: [vouch_member] = []
        var copies: [Argument] = []
        defer { for copy in copies { copy.release() } }
        while !input.isEmpty && members.count < 16 {
            let pick = input.byte()
            let name = Argument(pick < 0x80 ? UnsafeBufferPointer(start: nil, count: 0) : input.part(), mode: 4)
            let type = vouch_value_type(rawValue: UInt32(input.byte() % 5))
            let value = Argument(input.part(), mode: 4)
            copies += [name, value]
            var named = name
            if pick < 0x80 {
                named = Array(fields[Int(pick) % fields.count].utf8).withUnsafeBufferPointer { Argument($0, mode: 4) }
                copies.append(named)
            }
            members.append(
                vouch_member(name: named.pointer, name_length: named.length, type: type, value: value.pointer, value_length: value.length))
        }
        var byMembers: Int32 = -1
        let status = members.withUnsafeBufferPointer { vouch_form_check_valid_members(form, $0.baseAddress, $0.count, &byMembers) }
        // A JSON member whose text is not one JSON value (`21, "key": 1`) is refused; written into
        // an object, it could make other members of it, and that object is not the same record.
        let notOneValue = members.contains { member in
            let text = UnsafeRawBufferPointer(start: member.value, count: member.value_length).bindMemory(to: UInt8.self)
            return member.type == VOUCH_VALUE_JSON && (try? JSONParser().parse(text)) == nil
        }
        if notOneValue {
            expect(status != VOUCH_OK, "members with a JSON value that is not one were taken")
            checkError(vouch_form_last_error(form))
            return
        }
        // The same record as JSON text.
        var json = ByteBuffer()
        withUnsafeTemporaryAllocation(of: RecordMember.self, capacity: members.count) { buffer in
            for (position, member) in members.enumerated() {
                let name = UnsafeRawBufferPointer(start: member.name, count: member.name_length).bindMemory(to: UInt8.self)
                let text = UnsafeRawBufferPointer(start: member.value, count: member.value_length).bindMemory(to: UInt8.self)
                let value: RecordMember.Value =
                    switch member.type {
                    case VOUCH_VALUE_STRING: .string(text)
                    case VOUCH_VALUE_NULL: .null
                    case VOUCH_VALUE_TRUE: .bool(true)
                    case VOUCH_VALUE_FALSE: .bool(false)
                    default: .json(text)
                    }
                buffer.initializeElement(at: position, to: RecordMember(name: name, value: value))
            }
            RecordMember.writeObject(UnsafeBufferPointer(buffer), into: &json)
        }
        var byJSON: Int32 = -1
        let jsonStatus = json.bytes.withMemoryRebound(to: CChar.self) { vouch_form_check_valid(form, $0.baseAddress, $0.count, &byJSON) }
        expect(status == jsonStatus, "members gave status \(status.rawValue), their JSON \(jsonStatus.rawValue)")
        expect(status != VOUCH_OK || byMembers == byJSON, "members gave valid \(byMembers), their JSON \(byJSON)")
        if status != VOUCH_OK { return checkError(vouch_form_last_error(form)) }
        // Validity alone leaves out work (values, converters its rules answer for, case steps):
        // the whole result says the same.
        let whole = json.bytes.withMemoryRebound(to: CChar.self) { text in
            opened { vouch_form_validate(form, text.baseAddress, text.count, $0) }
        }
        expect(whole != nil, "the whole check refused a record validity alone took")
        guard let whole else { return }
        defer { vouch_result_free(whole) }
        expect(vouch_result_valid(whole) == byJSON, "validity alone gave \(byJSON), the whole check \(vouch_result_valid(whole))")
    }

    static func validate(_ input: inout FuzzInput) {
        let mode = input.byte()
        let name = Argument(input.part(), mode: input.byte())
        defer { name.release() }
        let record = Argument(input.remaining(), mode: mode)
        defer { record.release() }
        guard let result = opened({ vouch_form_validate(form, record.pointer, record.length, $0) }) else { return }
        defer { vouch_result_free(result) }
        inspect(result, fieldName: name)
    }

    /// The handle a call on the form makes through its out-parameter; nil when the call refuses,
    /// which must leave a readable last error on the form.
    static func opened(_ call: (UnsafeMutablePointer<OpaquePointer?>) -> vouch_status) -> OpaquePointer? {
        var handle: OpaquePointer?
        guard call(&handle) == VOUCH_OK else {
            checkError(vouch_form_last_error(form))
            return nil
        }
        return handle
    }

    /// Every accessor of a result, with indexes past its end and a fuzzed field name.
    static func inspect(_ result: OpaquePointer?, fieldName: Argument) {
        let count = vouch_result_violation_count(result)
        expect(vouch_result_valid(result) == (count == 0 ? 1 : 0), "valid disagrees with the violation count")
        for index in [0, count - 1, count, -1] {
            var field: UnsafePointer<CChar>?
            var code: UnsafePointer<CChar>?
            var message: UnsafePointer<CChar>?
            var fieldLength = 0
            var codeLength = 0
            var messageLength = 0
            let status = vouch_result_violation(result, index, &field, &fieldLength, &code, &codeLength, &message, &messageLength)
            expect((status == VOUCH_OK) == (index >= 0 && index < count), "vouch_result_violation(\(index)) of \(count): \(status)")
            if status == VOUCH_OK {
                checkText(field, fieldLength, "violation field")
                checkText(code, codeLength, "violation code")
                checkText(message, messageLength, "violation message")
            }
        }
        for name in fields.map({ Array($0.utf8) }) {
            var canonical: UnsafePointer<CChar>?
            var display: UnsafePointer<CChar>?
            var canonicalLength = 0
            var displayLength = 0
            if vouch_result_value(result, name, name.count, &canonical, &canonicalLength, &display, &displayLength) == VOUCH_OK {
                checkText(canonical, canonicalLength, "canonical value")
                checkText(display, displayLength, "display value")
            }
        }
        var canonical: UnsafePointer<CChar>?
        var display: UnsafePointer<CChar>?
        var canonicalLength = 0
        var displayLength = 0
        _ = vouch_result_value(result, fieldName.pointer, fieldName.length, &canonical, &canonicalLength, nil, nil)
        _ = vouch_result_value(result, fieldName.pointer, fieldName.length, nil, nil, &display, &displayLength)
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        expect(vouch_result_json(result, &json, &length) == VOUCH_OK, "vouch_result_json failed")
        checkText(json, length, "vouch_result_json")
        vouch_free(json)
    }

    static func edit(_ input: inout FuzzInput) {
        let field = Argument(input.part(), mode: input.byte())
        defer { field.release() }
        guard let session = opened({ vouch_edit_open(form, field.pointer, field.length, $0) }) else { return }
        defer { vouch_edit_free(session) }
        var steps = 0
        while !input.isEmpty && steps < 32 {
            steps += 1
            var text: UnsafePointer<CChar>?
            var length = 0
            var caret = 0
            expect(vouch_edit_text(session, &text, &length, &caret) == VOUCH_OK, "vouch_edit_text failed")
            checkText(text, length, "vouch_edit_text")
            expect(caret <= length, "caret \(caret) past the text's \(length) bytes")
            // Offsets near the text, sometimes past it, sometimes huge.
            let start = offset(input.byte(), length)
            let count = offset(input.byte(), length)
            let replacement = Argument(input.part(), mode: input.byte())
            defer { replacement.release() }
            var accepted: Int32 = -1
            let status = vouch_edit_apply(session, start, count, replacement.pointer, replacement.length, &accepted)
            expect(status != VOUCH_OK || accepted == 0 || accepted == 1, "accepted is \(accepted)")
        }
    }

    static func offset(_ byte: UInt8, _ length: Int) -> Int {
        switch byte {
        case 0xFF: -1
        case 0xFE: Int.max
        case 0xFD: Int.min
        default: Int(byte) % (length + 4)
        }
    }

    static func validateValue(_ input: inout FuzzInput) {
        let name = Argument(input.part(), mode: input.byte())
        defer { name.release() }
        let mode = input.byte()
        let tag = input.part()
        let value = Argument(input.remaining(), mode: mode)
        withLocale(tag) { locale in
            defer { value.release() }
            var result: OpaquePointer?
            if vouch_validate_value(registry, name.pointer, name.length, locale, value.pointer, value.length, &result) == VOUCH_OK {
                inspect(result, fieldName: name)
                vouch_result_free(result)
            } else {
                expect(result == nil, "a failed vouch_validate_value gave a result")
                checkError(vouch_registry_last_error(registry))
            }
        }
    }

    static func formatValue(_ input: inout FuzzInput) {
        let name = Argument(input.part(), mode: input.byte())
        defer { name.release() }
        let mode = input.byte()
        let canonical = Int32(input.byte() & 1)
        let tag = input.part()
        let value = Argument(input.remaining(), mode: mode)
        withLocale(tag) { locale in
            defer { value.release() }
            var text: UnsafeMutablePointer<CChar>?
            var length = 0
            if vouch_format_value(registry, name.pointer, name.length, locale, value.pointer, value.length, canonical, &text, &length)
                == VOUCH_OK
            {
                checkText(text, length, "vouch_format_value")
                vouch_free(text)
            } else {
                checkError(vouch_registry_last_error(registry))
            }
        }
    }

    /// A pack written to a file and loaded into a registry of its own (packs stay once loaded);
    /// a pack that loads gives a locale to check values in.
    static func loadPack(_ input: inout FuzzInput) {
        let path = packDirectory + "/pack.json"
        let bytes = input.remaining()
        let file = fopen(path, "w")!
        if bytes.count > 0 { fwrite(bytes.baseAddress!, 1, bytes.count, file) }
        fclose(file)
        var own: OpaquePointer?
        expect(vouch_registry_open(&own) == VOUCH_OK, "vouch_registry_open failed")
        defer { vouch_registry_free(own) }
        let status = path.withCString { vouch_registry_load_packs(own, $0, strlen($0)) }
        unlink(path)
        guard status == VOUCH_OK else {
            checkError(vouch_registry_last_error(own))
            return
        }
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        expect(vouch_registry_list(own, VOUCH_LIST_LOCALES, &json, &length) == VOUCH_OK, "vouch_registry_list failed")
        checkText(json, length, "vouch_registry_list")
        vouch_free(json)
    }

    static func listAndNames(_ input: inout FuzzInput) {
        let what = vouch_list(rawValue: UInt32(input.byte()) % 7)
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        if vouch_registry_list(registry, what, &json, &length) == VOUCH_OK {
            checkText(json, length, "vouch_registry_list")
            vouch_free(json)
        }
        let status = vouch_status(rawValue: UInt32(input.byte()))
        _ = strlen(vouch_status_name(status))
        _ = strlen(vouch_status_message(status))
        _ = strlen(vouch_version())
        _ = vouch_version_number()
    }
}
