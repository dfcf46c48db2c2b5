// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement the token inputs of include/vouch.h (vouch_tokens_*, vouch_token_set):
// their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch

/// What a `vouch_token *` points to while a token-for-text callback runs: the token it makes.
final class TokenDraft {
    var token: TokenField.Token?
}

extension SessionHandle {
    /// The token input of the `tokens` field at `index`; VOUCH_ERROR_ARGUMENT for a field of
    /// another kind.
    func tokenInput(_ index: Int) throws(APIFailure) -> TokenField {
        try adapter(index, kind: "tokens", \.tokenInputs) { TokenField($0) }
    }

    /// The token at `index` of a token input; VOUCH_ERROR_NOT_FOUND past the last.
    func token(_ index: Int, of input: TokenField, field: Int) throws(APIFailure) -> TokenField.Token {
        guard let token = input.token(at: index) else {
            throw APIFailure(
                VOUCH_ERROR_NOT_FOUND,
                "field \(field) (\"\(input.field.name)\") has no token at index \(UInt(bitPattern: index)) (it has \(input.items.count))")
        }
        return token
    }
}

/// A token from its text and its display text as C gives them (a NULL display: none).
private func makeToken(
    _ tokenText: CText, _ length: Int, _ display: CText, _ displayLength: Int,
    _ context: UnsafeMutableRawPointer?
) throws(APIFailure) -> TokenField.Token {
    let value = try text(tokenText, length, "the token's text")
    let shown = display == nil ? nil : try text(display, displayLength, "the token's display text")
    return TokenField.Token(value, display: shown, context: context)
}

@c @implementation
public func vouch_token_set(
    _ token: OpaquePointer?, _ tokenText: CText, _ length: Int, _ display: CText, _ displayLength: Int, _ context: UnsafeMutableRawPointer?
) -> vouch_status {
    guard let token else { return VOUCH_ERROR_ARGUMENT }
    let draft = Unmanaged<TokenDraft>.fromOpaque(UnsafeRawPointer(token)).takeUnretainedValue()
    return run(nil) { () throws(APIFailure) in draft.token = try makeToken(tokenText, length, display, displayLength, context) }
}

@c @implementation
public func vouch_tokens_set_token_for_text(
    _ session: OpaquePointer?, _ field: Int, _ callback: vouch_token_for_text_callback?, _ context: UnsafeMutableRawPointer?
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let input = try handle.tokenInput(field)
        input.tokenForText = callback.map { callback in
            { typed in
                let draft = TokenDraft()
                let made = withExtendedLifetime(draft) {
                    let pointer = OpaquePointer(Unmanaged.passUnretained(draft).toOpaque())
                    return typed.withCString { callback(context, $0, typed.utf8.count, pointer) }
                }
                guard made != 0 else { return nil }
                return draft.token ?? TokenField.Token(typed)
            }
        }
    }
}

@c @implementation
public func vouch_tokens_count(_ session: OpaquePointer?, _ field: Int, _ count: IntOut) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let out = try outParameter(count)
        out.pointee = try handle.tokenInput(field).items.count
    }
}

@c @implementation
public func vouch_tokens_summary(
    _ session: OpaquePointer?, _ field: Int, _ shown: Int, _ summary: CTextOut, _ length: IntOut
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        try give(handle.tokenInput(field).summary(showing: shown), summary, length)
    }
}

@c @implementation
public func vouch_tokens_token(
    _ session: OpaquePointer?, _ field: Int, _ index: Int, _ tokenText: UnsafeMutablePointer<CText>?,
    _ textLength: IntOut, _ display: UnsafeMutablePointer<CText>?,
    _ displayLength: IntOut, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let input = try handle.tokenInput(field)
        let token = try handle.token(index, of: input, field: field)
        handle.lend(token.text, tokenText, textLength)
        handle.lend(token.display ?? token.text, display, displayLength)
        context?.pointee = token.context as? UnsafeMutableRawPointer
    }
}

@c @implementation
public func vouch_tokens_text(
    _ session: OpaquePointer?, _ field: Int, _ typed: UnsafeMutablePointer<CText>?, _ length: IntOut
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in handle.lend(try handle.tokenInput(field).text, typed, length) }
}

@c @implementation
public func vouch_tokens_type(_ session: OpaquePointer?, _ field: Int, _ typed: CText, _ length: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let input = try handle.tokenInput(field)
        input.type(try text(typed, length, "the text typed"))
    }
}

@c @implementation
public func vouch_tokens_commit(_ session: OpaquePointer?, _ field: Int, _ added: UnsafeMutablePointer<Int32>?) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in giveFlag(try handle.tokenInput(field).commit(), added) }
}

@c @implementation
public func vouch_tokens_add(
    _ session: OpaquePointer?, _ field: Int, _ tokenText: CText, _ length: Int, _ display: CText,
    _ displayLength: Int, _ context: UnsafeMutableRawPointer?, _ added: UnsafeMutablePointer<Int32>?
) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let input = try handle.tokenInput(field)
        giveFlag(input.add(token: try makeToken(tokenText, length, display, displayLength, context)), added)
    }
}

@c @implementation
public func vouch_tokens_select(_ session: OpaquePointer?, _ field: Int, _ index: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let input = try handle.tokenInput(field)
        // VOUCH_NONE, (size_t)-1, arrives as -1.
        if index == -1 {
            input.select(at: nil)
            return
        }
        _ = try handle.token(index, of: input, field: field)
        guard input.select(at: index) else {
            throw APIFailure(VOUCH_ERROR_ARGUMENT, "field \(field) (\"\(input.field.name)\") is disabled: its tokens cannot be selected")
        }
    }
}

@c @implementation
public func vouch_tokens_selected(_ session: OpaquePointer?, _ field: Int, _ index: IntOut) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let out = try outParameter(index)
        out.pointee = try handle.tokenInput(field).selectedIndex ?? -1
    }
}

@c @implementation
public func vouch_tokens_delete_backward(_ session: OpaquePointer?, _ field: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in try handle.tokenInput(field).deleteBackward() }
}

@c @implementation
public func vouch_tokens_remove(_ session: OpaquePointer?, _ field: Int, _ index: Int) -> vouch_status {
    SessionHandle.call(session) { handle throws(APIFailure) in
        let input = try handle.tokenInput(field)
        _ = try handle.token(index, of: input, field: field)
        input.remove(at: index)
    }
}

@c @implementation
public func vouch_tokens_violations(_ session: OpaquePointer?, _ field: Int, _ json: CTextOut, _ length: IntOut) -> vouch_status {
    SessionHandle.json(session, json, length) { handle throws(APIFailure) in .array(try handle.tokenInput(field).violations.map(\.json)) }
}
