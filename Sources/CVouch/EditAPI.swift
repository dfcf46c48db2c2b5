// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement include/vouch.h: their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch

/// What a `vouch_edit *` points to: one field's text and caret.
final class EditHandle: Handle {
    let field: FieldSchema
    var text = ""
    /// The caret in UTF-16 code units (the Swift side's unit).
    var caret = 0
    var cText = CString("")

    init(field: FieldSchema) { self.field = field }
}

@c @implementation
public func vouch_edit_open(_ form: OpaquePointer?, _ field: CText, _ fieldLength: Int, _ edit: HandleOut) -> vouch_status {
    FormHandle.with(form, making: edit) { handle throws(APIFailure) in
        let name = try text(field, fieldLength, "the field name")
        guard let schema = handle.schema.field(name) else { throw APIFailure(VOUCH_ERROR_NOT_FOUND, "the form has no field \"\(name)\"") }
        return EditHandle(field: schema)
    }
}

@c @implementation
public func vouch_edit_free(_ edit: OpaquePointer?) { EditHandle.release(edit) }

@c @implementation
public func vouch_edit_apply(
    _ edit: OpaquePointer?, _ start: Int, _ length: Int, _ replacement: CText, _ replacementLength: Int,
    _ accepted: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    guard let handle = EditHandle.from(edit) else { return EditHandle.failure(edit) }
    return run(nil) { () throws(APIFailure) in
        let inserted = try text(replacement, replacementLength, "the replacement")
        guard let change = handle.text.edit(replacingBytes: start, length, with: inserted) else {
            throw APIFailure(VOUCH_ERROR_ARGUMENT, "the range is outside the text")
        }
        let result = handle.field.edit(change, in: handle.text)
        if result.accepted {
            handle.text = result.text
            handle.cText = CString(result.text)
        }
        handle.caret = result.caret
        giveFlag(result.accepted, accepted)
    }
}

@c @implementation
public func vouch_edit_complete(_ edit: OpaquePointer?, _ complete: UnsafeMutablePointer<Int32>?) -> vouch_status {
    guard let handle = EditHandle.from(edit) else { return EditHandle.failure(edit) }
    guard let complete else { return VOUCH_ERROR_ARGUMENT }
    giveFlag(handle.field.isComplete(handle.text), complete)
    return VOUCH_OK
}

@c @implementation
public func vouch_edit_placeholder(_ edit: OpaquePointer?, _ placeholder: CChar, _ mask: CTextOut, _ length: IntOut) -> vouch_status {
    guard let handle = EditHandle.from(edit) else { return EditHandle.failure(edit) }
    guard let mask else { return VOUCH_ERROR_ARGUMENT }
    return run(nil) { () throws(APIFailure) in
        guard placeholder > 0 else { throw APIFailure(VOUCH_ERROR_ARGUMENT, "the placeholder must be an ASCII character") }
        let rendered = handle.field.maskedPlaceholder(for: handle.text, placeholder: Character(Unicode.Scalar(UInt8(placeholder))))
        mask.pointee = rendered.map { CString.malloced($0) }
        length?.pointee = rendered?.utf8.count ?? 0
    }
}

@c @implementation
public func vouch_edit_text(
    _ edit: OpaquePointer?, _ text: UnsafeMutablePointer<CText>?, _ length: IntOut, _ caret: IntOut
) -> vouch_status {
    guard let handle = EditHandle.from(edit) else { return EditHandle.failure(edit) }
    text?.pointee = UnsafePointer(handle.cText.pointer)
    length?.pointee = handle.cText.count
    caret?.pointee = handle.text.byteOffset(ofCaret: handle.caret)
    return VOUCH_OK
}
