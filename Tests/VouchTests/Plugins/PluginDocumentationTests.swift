import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

#if canImport(Glibc)
    import Glibc
#endif

@Suite("docs/plugins.md")
struct PluginDocumentationTests {
    @Test("the plugin in one file builds with plain cc, loads, and does what the guide says")
    func onefilePlugin() throws {
        let guide = String(decoding: try FileBytes.read("docs/plugins.md"), as: UTF8.self)
        let afterFence = try #require(guide.split(separator: "```c\n", maxSplits: 1).last)
        let source = try #require(afterFence.split(separator: "\n```", maxSplits: 1).first)
        let directory = PluginSupport.temporaryDirectory()
        let file = try #require(fopen("\(directory)/acme.c", "w"))
        fputs(String(source), file)
        fclose(file)
        #expect(PluginSupport.run("cc -shared -fPIC -Wall -Werror -I include -o \(directory)/libvouch-acme.so \(directory)/acme.c") == 0)
        let registry = Registry()
        #expect(try registry.loadPlugin("\(directory)/libvouch-acme.so").abiVersion == 2, "the guide teaches ABI version 2")
        let schema = try FormSchema(json: #"{"vouch": 1, "fields": [{"name": "code", "rules": ["acme.even"]}]}"#, registry: registry)
        #expect(schema.validate(["code": "abc"]).violations.map(\.message) == ["3 bytes are odd."])
        #expect(schema.validate(["code": "abcd"]).isValid)
    }
}
