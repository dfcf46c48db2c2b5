// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement the pickers of include/vouch.h (vouch_choice_*): their names are
// the C API's, vouch_snake_case.

import CVouchAPI
import Vouch

extension SessionHandle {
    /// The picker of the `choice` field at `index`; VOUCH_ERROR_ARGUMENT for a field of another kind.
    func choice(_ index: Int) throws(APIFailure) -> ChoiceField {
        try adapter(index, kind: "choice", \.choices) { ChoiceField($0) }
    }
}

@c @implementation
public func vouch_choice_rows(_ session: OpaquePointer?, _ field: Int, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    SessionHandle.json(session, json, length) { handle throws(APIFailure) in
        let choice = try handle.choice(field)
        return .object(
            JSONObject([
                ("rows", .array(choice.rows.map { .string($0) })), ("values", .array(choice.options.map { .string($0.value) })),
                ("manual_entry", choice.manualEntryLabel == nil ? .null : .number(Double(choice.options.count))),
            ]))
    }
}

@c @implementation
public func vouch_choice_select(_ session: OpaquePointer?, _ field: Int, _ row: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let choice = try handle.choice(field)
        guard row >= 0, row < choice.rows.count else {
            throw APIFailure(VOUCH_ERROR_NOT_FOUND, "no row at index \(row) (the picker has \(choice.rows.count))")
        }
        choice.select(index: row)
    }
}

@c @implementation
public func vouch_choice_choose(
    _ session: OpaquePointer?, _ field: Int, _ typed: CText, _ length: Int, _ chosen: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let choice = try handle.choice(field)
        giveFlag(choice.choose(typed: try text(typed, length, "the text typed")), chosen)
    }
}

@c @implementation
public func vouch_choice_selected(_ session: OpaquePointer?, _ field: Int, _ row: IntOut) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let choice = try handle.choice(field)
        try outParameter(row).pointee = choice.isManualEntry ? choice.options.count : choice.selectedIndex ?? -1
    }
}
