import Testing
import VouchTestSupport

@testable import Vouch
@testable import VouchSteps

#if canImport(Glibc)
    import Glibc
#endif

/// Where a plugin is found by name: beside the program or library that holds Vouch, as a build and
/// an installation lay them out.
@Suite("Finding plugins by name")
struct PluginSearchTests {
    @Test(
        "the directory of the program or library, then lib/vouch/plugins beside it",
        arguments: [
            ("/usr/bin/vouch", ["/usr/bin", "/usr/lib/vouch/plugins"]),
            ("/usr/lib/libvouch.so.0", ["/usr/lib", "/usr/lib/vouch/plugins"]),
            ("/usr/local/lib/libvouch.so", ["/usr/local/lib", "/usr/local/lib/vouch/plugins"]),
            ("/home/ada/vouch/.build/debug/vouch", ["/home/ada/vouch/.build/debug", "/home/ada/vouch/.build/lib/vouch/plugins"]),
            ("/opt/x/lib/vouch/plugins/host", ["/opt/x/lib/vouch/plugins", "/opt/x/lib/vouch/lib/vouch/plugins"]),
            ("/vouch", ["/", "/lib/vouch/plugins"]),
            ("vouch", []),
            ("./bin/vouch", []),
        ])
    func directoriesBeside(image: String, directories: [String]) {
        #expect(PluginLoader.directories(beside: image) == directories)
    }

    @Test("in a build, the plugins SwiftPM built beside the program load by name, with no VOUCH_PLUGIN_PATH")
    func besideTheBuild() throws {
        #expect(PluginLoader.imageDirectories.first == TestFiles.buildDirectory, "the test binary's own directory")
        #expect(getenv(PluginLoader.environmentVariable) == nil || PluginLoader.searchDirectories.contains(TestFiles.buildDirectory))
        let registry = Registry()
        let card = try registry.loadPlugin("card")
        #expect(card.path == TestFiles.buildDirectory + "/libvouch-card.so")
        #expect(card.rules.contains("card.luhn"))
    }

    @Test("a name that is nowhere is refused with every directory looked in")
    func refusedWithDirectories() {
        let error = #expect(throws: VouchError.self) { try Registry().loadPlugin("no_such_plugin") }
        #expect(error?.code == .invalidPlugin)
        for directory in PluginLoader.imageDirectories { #expect(error?.message.contains(directory) == true) }
        #expect(error?.message.contains("libvouch-no_such_plugin.so and no_such_plugin.so") == true)
    }
}
