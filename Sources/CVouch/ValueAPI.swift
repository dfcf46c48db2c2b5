// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The functions here implement include/vouch.h: their names are the C API's, vouch_snake_case.

import CVouchAPI
import Vouch

@c @implementation
public func vouch_validate_value(
    _ registry: OpaquePointer?, _ kindOrRule: CText, _ nameLength: Int, _ locale: CText,
    _ value: CText, _ valueLength: Int, _ result: HandleOut
) -> vouch_status {
    RegistryHandle.with(registry, making: result) { handle throws(APIFailure) in
        let (name, locale, input) = (
            try text(kindOrRule, nameLength, "the name"), try localeTag(locale), try text(value, valueLength, "the value")
        )
        do throws(VouchError) {
            return ResultHandle(try handle.registry.validate(input, as: name, locale: locale))
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_SPEC)
        }
    }
}

@c @implementation
public func vouch_format_value(
    _ registry: OpaquePointer?, _ kindOrFormatter: CText, _ nameLength: Int, _ locale: CText,
    _ value: CText, _ valueLength: Int, _ canonical: Int32, _ output: CTextOut,
    _ outputLength: IntOut
) -> vouch_status {
    RegistryHandle.with(registry) { handle throws(APIFailure) in
        let (name, locale, input) = (
            try text(kindOrFormatter, nameLength, "the name"), try localeTag(locale), try text(value, valueLength, "the value")
        )
        let formatted: String
        do throws(VouchError) {
            formatted = try handle.registry.format(input, as: name, locale: locale, canonical: canonical != 0)
        } catch {
            throw APIFailure(error, in: VOUCH_ERROR_PARAMETER)
        }
        try give(formatted, output, outputLength)
    }
}
