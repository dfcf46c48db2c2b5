// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement the interactive forms of include/vouch.h (vouch_session_*): their
// names are the C API's, vouch_snake_case. Token inputs are in TokensAPI.swift.

import CVouchAPI
import Vouch

/// What a `vouch_session *` points to: an interactive ``Form`` and what C needs around it (lent
/// strings, callbacks, the token inputs of its `tokens` fields).
final class SessionHandle: ErrorKeepingHandle {
    let form: Form
    let errors = LastError()
    /// The fields' names, lent for the session's life.
    let names: [CString]
    /// Strings lent until the session's next call.
    private var lent: [CString] = []
    /// The token input of each `tokens` field used so far, by index.
    var tokenInputs: [Int: TokenField] = [:]
    /// The picker of each `choice` field used so far, by index.
    var choices: [Int: ChoiceField] = [:]
    var stateCallback: (callback: vouch_state_callback, context: UnsafeMutableRawPointer?)?

    init(form: Form) {
        self.form = form
        names = form.fields.map { CString($0.name) }
        for (index, field) in form.fields.enumerated() {
            field.addListener { [unowned self] _, event in
                guard case .stateChanged(let state) = event, let (callback, context) = self.stateCallback else { return }
                callback(context, self.pointer, index, state.cValue)
            }
        }
    }

    /// The pointer C knows the session by, for callbacks.
    var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// Runs a call on the session: strings lent by the previous call are released first.
    static func call(_ pointer: OpaquePointer?, _ body: (SessionHandle) throws(APIFailure) -> Void) -> vouch_status {
        with(pointer) { handle throws(APIFailure) in
            handle.lent.removeAll()
            try body(handle)
        }
    }

    /// Runs a call on the session that answers with JSON, which C receives as malloc'd text through
    /// `out` and `length`.
    static func json(
        _ pointer: OpaquePointer?, _ out: CTextOut, _ length: IntOut,
        _ body: (SessionHandle) throws(APIFailure) -> JSONValue
    ) -> vouch_status {
        call(pointer) { handle throws(APIFailure) in try give(try body(handle), out, length) }
    }

    /// Runs a call on the field at `index` that answers yes or no (whether the field began editing,
    /// whether there was an edit to undo) and writes the answer through `answer`.
    static func answer(
        _ pointer: OpaquePointer?, _ index: Int, _ answer: UnsafeMutablePointer<Int32>?, _ body: (Field) throws(APIFailure) -> Bool
    ) -> vouch_status {
        call(pointer) { handle throws(APIFailure) in giveFlag(try body(try handle.field(index)), answer) }
    }

    /// Runs an edit of the field at `index` and says through `accepted` whether the field took it.
    static func edit(
        _ pointer: OpaquePointer?, _ index: Int, _ accepted: UnsafeMutablePointer<Int32>?, _ body: (Field) throws(APIFailure) -> EditResult
    ) -> vouch_status {
        answer(pointer, index, accepted) { field throws(APIFailure) in try body(field).accepted }
    }

    /// Lends `string` to C until the session's next call.
    func lend(_ string: String, _ pointer: UnsafeMutablePointer<CText>?, _ length: IntOut) {
        let copy = CString(string)
        lent.append(copy)
        pointer?.pointee = UnsafePointer(copy.pointer)
        length?.pointee = copy.count
    }

    /// The field at `index`; VOUCH_ERROR_NOT_FOUND past the last.
    func field(_ index: Int) throws(APIFailure) -> Field {
        guard form.fields.indices.contains(index) else {
            throw APIFailure(
                VOUCH_ERROR_NOT_FOUND, "the form has no field at index \(UInt(bitPattern: index)) (it has \(form.fields.count) fields)")
        }
        return form.fields[index]
    }

    /// What C uses a field of `kind` through (a picker, a token input), made for the field at
    /// `index` on first use and kept in `cache`; VOUCH_ERROR_ARGUMENT for a field of another kind.
    func adapter<Adapter>(
        _ index: Int, kind: String, _ cache: ReferenceWritableKeyPath<SessionHandle, [Int: Adapter]>, making make: (Field) -> Adapter?
    ) throws(APIFailure) -> Adapter {
        if let adapter = self[keyPath: cache][index] { return adapter }
        let field = try field(index)
        guard let adapter = make(field) else {
            throw APIFailure(
                VOUCH_ERROR_ARGUMENT, "field \(index) (\"\(field.name)\") is of kind \"\(field.schema.kind.name)\", not \"\(kind)\"")
        }
        self[keyPath: cache][index] = adapter
        return adapter
    }

    /// The index of `field`, or VOUCH_NONE.
    func index(of field: Field?) -> Int { field.flatMap { form.index(of: $0.name) } ?? -1 }
}

extension FieldState {
    /// The state as C names it.
    var cValue: vouch_field_state {
        switch self {
        case .inactive: VOUCH_FIELD_INACTIVE
        case .active: VOUCH_FIELD_ACTIVE
        case .error: VOUCH_FIELD_ERROR
        case .pending: VOUCH_FIELD_PENDING
        case .disabled: VOUCH_FIELD_DISABLED
        }
    }
}

// An out-parameter that may be NULL is written as `out?.pointee = value` only once the work is
// done: Swift skips the right-hand side of an optional assignment when `out` is nil.

/// Writes a field index (or VOUCH_NONE) through an optional out-parameter.
private func giveIndex(_ index: Int, _ out: IntOut) { out?.pointee = index }

@c @implementation
public func vouch_session_open(_ form: OpaquePointer?, _ session: HandleOut) -> vouch_status {
    FormHandle.with(form, making: session) { handle throws(APIFailure) in SessionHandle(form: Form(schema: handle.schema)) }
}

@c @implementation
public func vouch_session_free(_ session: OpaquePointer?) { SessionHandle.release(session) }

@c @implementation
public func vouch_session_last_error(_ session: OpaquePointer?) -> CText { SessionHandle.lastError(session) }

@c @implementation
public func vouch_session_error_detail(_ session: OpaquePointer?, _ detail: UnsafeMutablePointer<vouch_error_detail>?) -> vouch_status {
    SessionHandle.errorDetail(session, detail)
}

// MARK: Fields

@c @implementation
public func vouch_session_field_count(_ session: OpaquePointer?) -> Int { SessionHandle.from(session)?.form.fields.count ?? 0 }

@c @implementation
public func vouch_session_field_index(_ session: OpaquePointer?, _ name: CText, _ length: Int, _ index: IntOut) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let out = try outParameter(index)
        let name = try text(name, length, "the field name")
        guard let found = handle.form.index(of: name) else { throw APIFailure(VOUCH_ERROR_NOT_FOUND, "the form has no field \"\(name)\"") }
        out.pointee = found
    }
}

@c @implementation
public func vouch_session_field_name(
    _ session: OpaquePointer?, _ field: Int, _ name: UnsafeMutablePointer<CText>?, _ length: IntOut
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        _ = try handle.field(field)
        name?.pointee = UnsafePointer(handle.names[field].pointer)
        length?.pointee = handle.names[field].count
    }
}

@c @implementation
public func vouch_session_text(
    _ session: OpaquePointer?, _ field: Int, _ text: UnsafeMutablePointer<CText>?, _ length: IntOut, _ caret: IntOut
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let target = try handle.field(field)
        handle.lend(target.text, text, length)
        caret?.pointee = target.text.byteOffset(ofCaret: target.caret)
    }
}

@c @implementation
public func vouch_session_edit(
    _ session: OpaquePointer?, _ field: Int, _ start: Int, _ length: Int, _ replacement: CText, _ replacementLength: Int,
    _ accepted: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    SessionHandle.edit(session, field, accepted) { target throws(APIFailure) in
        let inserted = try text(replacement, replacementLength, "the replacement")
        guard let change = target.text.edit(replacingBytes: start, length, with: inserted) else {
            throw APIFailure(VOUCH_ERROR_ARGUMENT, "the range is outside the text of field \"\(target.name)\"")
        }
        return target.edit(change)
    }
}

@c @implementation
public func vouch_session_type(
    _ session: OpaquePointer?, _ field: Int, _ typed: CText, _ length: Int, _ accepted: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    SessionHandle.edit(session, field, accepted) { target throws(APIFailure) in target.type(try text(typed, length, "the text typed")) }
}

@c @implementation
public func vouch_session_delete_backward(_ session: OpaquePointer?, _ field: Int, _ accepted: UnsafeMutablePointer<Int32>?)
    -> vouch_status
{
    SessionHandle.edit(session, field, accepted) { $0.deleteBackward() }
}

@c @implementation
public func vouch_session_delete_forward(_ session: OpaquePointer?, _ field: Int, _ accepted: UnsafeMutablePointer<Int32>?)
    -> vouch_status
{
    SessionHandle.edit(session, field, accepted) { $0.deleteForward() }
}

@c @implementation
public func vouch_session_set_marked_text(
    _ session: OpaquePointer?, _ field: Int, _ marked: CText, _ length: Int, _ accepted: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    SessionHandle.answer(session, field, accepted) { target throws(APIFailure) in
        target.setMarkedText(try text(marked, length, "the marked text"))
    }
}

@c @implementation
public func vouch_session_commit_marked_text(_ session: OpaquePointer?, _ field: Int, _ accepted: UnsafeMutablePointer<Int32>?)
    -> vouch_status
{
    // Committed whether or not the caller asks for the answer.
    SessionHandle.edit(session, field, accepted) { $0.commitMarkedText() }
}

@c @implementation
public func vouch_session_undo(_ session: OpaquePointer?, _ field: Int, _ done: UnsafeMutablePointer<Int32>?) -> vouch_status {
    SessionHandle.answer(session, field, done) { $0.undo() }
}

@c @implementation
public func vouch_session_redo(_ session: OpaquePointer?, _ field: Int, _ done: UnsafeMutablePointer<Int32>?) -> vouch_status {
    SessionHandle.answer(session, field, done) { $0.redo() }
}

@c @implementation
public func vouch_session_set_text(_ session: OpaquePointer?, _ field: Int, _ newText: CText, _ length: Int)
    -> vouch_status
{
    SessionHandle.call(session) { handle throws(APIFailure) in
        let target = try handle.field(field)
        target.setText(try text(newText, length, "the text"))
    }
}

// MARK: Focus and navigation

@c @implementation
public func vouch_session_focus(_ session: OpaquePointer?, _ field: Int, _ began: UnsafeMutablePointer<Int32>?) -> vouch_status {
    SessionHandle.answer(session, field, began) { $0.beginEditing() }
}

@c @implementation
public func vouch_session_blur(_ session: OpaquePointer?) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in handle.form.focused?.endEditing() }
}

@c @implementation
public func vouch_session_focused(_ session: OpaquePointer?, _ field: IntOut) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in try outParameter(field).pointee = handle.index(of: handle.form.focused) }
}

@c @implementation
public func vouch_session_next(_ session: OpaquePointer?, _ field: IntOut) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in giveIndex(handle.index(of: handle.form.next()), field) }
}

@c @implementation
public func vouch_session_previous(_ session: OpaquePointer?, _ field: IntOut) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in giveIndex(handle.index(of: handle.form.previous()), field) }
}

@c @implementation
public func vouch_session_done(_ session: OpaquePointer?, _ firstInvalid: IntOut, _ valid: UnsafeMutablePointer<Int32>?)
    -> vouch_status
{
    SessionHandle.call(session) { handle throws(APIFailure) in
        handle.form.done()
        let first = handle.form.firstInvalidField
        giveIndex(handle.index(of: first), firstInvalid)
        giveFlag(first == nil, valid)
    }
}

// MARK: States, errors and hints

@c @implementation
public func vouch_session_state(_ session: OpaquePointer?, _ field: Int, _ state: UnsafeMutablePointer<vouch_field_state>?) -> vouch_status
{
    SessionHandle.call(session) { handle throws(APIFailure) in
        let out = try outParameter(state)
        out.pointee = try handle.field(field).state.cValue
    }
}

@c @implementation
public func vouch_session_message(
    _ session: OpaquePointer?, _ field: Int, _ message: UnsafeMutablePointer<CText>?, _ length: IntOut
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        handle.lend(try handle.field(field).violations.first?.message ?? "", message, length)
    }
}

@c @implementation
public func vouch_session_violations(_ session: OpaquePointer?, _ field: Int, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    SessionHandle.json(session, json, length) { handle throws(APIFailure) in .array(try handle.field(field).violations.map(\.json)) }
}

@c @implementation
public func vouch_session_set_error(
    _ session: OpaquePointer?, _ field: Int, _ message: CText, _ length: Int, _ sticky: Int32
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let target = try handle.field(field)
        target.setError(try text(message, length, "the message"), sticky: sticky != 0)
    }
}

@c @implementation
public func vouch_session_clear_error(_ session: OpaquePointer?, _ field: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in try handle.field(field).clearError() }
}

@c @implementation
public func vouch_session_enable(_ session: OpaquePointer?, _ field: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in try handle.field(field).enable() }
}

@c @implementation
public func vouch_session_disable(_ session: OpaquePointer?, _ field: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in try handle.field(field).disable() }
}

@c @implementation
public func vouch_session_hints(_ session: OpaquePointer?, _ field: Int, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    SessionHandle.json(session, json, length) { handle throws(APIFailure) in
        let target = try handle.field(field)
        let hints = target.schema.hints
        let returnKey = target.returnKey ?? .done
        return .object(
            JSONObject([
                ("control", .string(hints.control.rawValue)), ("keyboard", .string(hints.keyboard.rawValue)),
                ("capitalization", .string(hints.capitalization.rawValue)), ("autocorrection", .bool(hints.autocorrection)),
                ("secure_entry", .bool(hints.secureEntry)), ("max_length", hints.maxLength.map { .number(Double($0)) } ?? .null),
                ("autocomplete", hints.autocomplete.map { .string($0) } ?? .null),
                ("currency_symbol", hints.currencySymbol.map { .string($0) } ?? .null), ("toolbar", .bool(hints.needsAccessoryToolbar)),
                ("return_key", .string(returnKey.rawValue)), ("enterkeyhint", .string(returnKey.enterKeyHint)),
                ("html", .string(target.htmlAttributeText)),
                ("min", hints.minimum.map { .string($0) } ?? .null), ("max", hints.maximum.map { .string($0) } ?? .null),
                ("step", hints.step.map { .string($0) } ?? .null),
                (
                    "unit",
                    hints.unit.map {
                        .object(JSONObject([("id", .string($0.identifier)), ("short", .string($0.short)), ("long", .string($0.long))]))
                    } ?? .null
                ),
            ]))
    }
}

@c @implementation
public func vouch_session_values(_ session: OpaquePointer?, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    SessionHandle.json(session, json, length) { handle throws(APIFailure) in .object(handle.form.values) }
}

// MARK: Callbacks

@c @implementation
public func vouch_session_set_state_callback(
    _ session: OpaquePointer?, _ callback: vouch_state_callback?, _ context: UnsafeMutableRawPointer?
)
    -> vouch_status
{
    SessionHandle.call(session) { handle throws(APIFailure) in handle.stateCallback = callback.map { ($0, context) } }
}

@c @implementation
public func vouch_session_set_should_begin(
    _ session: OpaquePointer?, _ callback: vouch_should_begin_callback?, _ context: UnsafeMutableRawPointer?
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        for (index, field) in handle.form.fields.enumerated() {
            field.shouldBeginEditing = callback.map { callback in
                { [unowned handle] _ in callback(context, handle.pointer, index) != 0 }
            }
        }
    }
}
