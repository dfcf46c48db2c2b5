import Testing

@testable import Vouch

/// A secret field's violation keeps, of a plugin's arguments, only those that repeat a parameter
/// the spec gave the step, whatever the names of the others.
@Suite("A plugin's violations of a secret field")
struct PluginSecretTests {
    @Test("an argument named min that carries the value out is dropped; one that repeats the spec's max is kept")
    func arguments() throws {
        let directory = PluginSupport.temporaryDirectory()
        let path = try PluginSupport.compile(["FIXTURE_LEAK"], into: directory)
        let registry = Registry()
        _ = try registry.loadPlugin(path)
        let schema = try FormSchema(
            json: """
                {"vouch": 1, "fields": [
                  {"name": "password", "kind": "password", "rules": [{"rule": "acme.even", "min": "8", "max": "8"}]},
                  {"name": "code", "rules": [{"rule": "acme.even", "min": "8", "max": "8"}]}]}
                """, registry: registry)
        let result = schema.validate(["password": "hunter2-secre", "code": "hunter2-secre"])
        let secret = try #require(result.violations.first { $0.field == "password" })
        #expect(secret.code == "acme.odd")
        #expect(secret.arguments == ["max": .string("8")])
        #expect(!secret.message.contains("hunter2"))
        let plain = try #require(result.violations.first { $0.field == "code" })
        #expect(plain.arguments["min"] == .string("hunter2-secre"), "a field that is not secret keeps them all")
        #expect(plain.arguments["length"] == .number(13))
    }

    @Test("formatting a secret kind's value is refused, in every API (they share Registry.format)", arguments: ["password"])
    func format(kind: String) {
        #expect(throws: VouchError.self) { try Registry().format("hunter2", as: kind) }
        #expect(throws: VouchError.self) {
            try Registry().format("a,b", as: "tokens", parameters: ["token_kind": "password"])
        }
    }
}
