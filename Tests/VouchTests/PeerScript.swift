import Testing
import VouchTestSupport

@testable import Vouch

/// A script of `scripts/` that prints the answers of the library Vouch's data came from, as JSON
/// lines: first the version of the Python package it ran, then one line per case.
enum PeerScript {
    /// The case lines `command` prints, run with the tests' Python, once it has run without
    /// failing and with `package` at `version`, the version Vouch's data was generated from.
    static func cases(_ command: String, package: String, version: String) throws -> [JSONValue] {
        let outcome = ChildProcess.shell("\(ChildProcess.python) \(command)")
        try #require(
            outcome.status == 0, "\(command) failed (make test installs \(package) \(version) into .build/venv): \(outcome.stderr)")
        let lines = try outcome.lines.map { line in try JSONParser().parse(Array(line.utf8)) }
        #expect(
            lines.first?["version"]?.stringValue == version,
            "\(command) must run \(package) of the version the data was generated from, \(version)")
        return Array(lines.dropFirst())
    }
}
