import Testing
import VouchTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What a program that writes `import Vouch` sees: the foundations' user-facing types, and none of
/// the internals that Vouch's own modules reach with `@_spi(VouchInternal) import VouchBase`.
///
/// A client file is type-checked with the toolchain's `swiftc` against the modules this test was
/// built with: once as a user writes it, where each internal name must be an error and nothing
/// else may be, and once with the SPI import, where everything must compile (so the internal
/// names are real, and the errors come from their being SPI).
@Suite("The public surface of import Vouch")
struct PublicSurfaceTests {
    /// Uses of the user-facing API, one a line; each must compile for a plain `import Vouch`.
    static let publicUses = [
        #"let registry = Registry(regexLimits: RegexLimits.standard)"#,
        ##"let schema = try? FormSchema(json: #"{"vouch": 1, "fields": [{"name": "a"}]}"#, registry: registry)"##,
        #"let record: JSONObject = ["a": "b"]"#,
        #"let parsed = try? JSONValue(parsing: "[1, true]")"#,
        #"let text = JSONValue.array([1, "x"]).jsonText"#,
        #"let path: JSONPath = ["fields", 0]"#,
        #"let error = VouchError(.invalidSpec, "no fields", at: "fields")"#,
        #"let clock = VouchClock.fixed(LocalDateTime(date: CalendarDate(year: 2024, month: 2, day: 29), time: TimeOfDay(hour: 9, minute: 30)))"#,
        #"let argument: MessageArgument = 3"#,
        #"let capitalization = Capitalization.allCases"#,
        #"let violation = RuleViolation("acme.code", ["n": 1])"#,
        #"func match(_ pattern: RegexPattern) -> Bool { pattern.matches("a") }"#,
        #"func say(_ template: MessageTemplate) -> String { template.format(["n": 1]) }"#,
    ]

    /// Uses of the foundations' internals, one a line; each must be an error for `import Vouch`.
    static let internalUses = [
        "let buffer = ByteBuffer.self",
        "let byteText = ByteText.self",
        "func sink(_ sink: some ByteSink) {}",
        "let table = ByteKeyTable.self",
        "let writer = JSONWriter.self",
        "let scanner = _JSONParserCore.self",
        "let objectIndex = JSONObjectIndex.self",
        "let icuText = ICUText.self",
        "let caseMapping = CaseMapping.self",
        "let numbers = NumberFormat.self",
        "let matchData = RegexMatchData.self",
        "let compiled = try? RegexPattern(\"[a-z]+\")",
        "let files = FileBytes.self",
        "let lock = Lock<Int>.self",
        "let utf8 = UTF8Validation.self",
        "let quote = UInt8.quote",
        "let trimmed = \" a \".trimmingWhitespace()",
    ]

    @Test("import Vouch sees the user-facing types and none of the internals")
    func plainImport() throws {
        let outcome = try typecheck(imports: "import Vouch")
        // Line 1 is the import, a blank line separates the public uses from the internal ones.
        let firstInternal = Self.publicUses.count + 3
        let errorLines = Set(Self.errorLines(outcome.stderr))
        #expect(outcome.status != 0)
        for (offset, use) in Self.publicUses.enumerated() {
            #expect(!errorLines.contains(offset + 2), "public, but refused: \(use)")
        }
        for (offset, use) in Self.internalUses.enumerated() {
            #expect(errorLines.contains(firstInternal + offset), "internal, but visible: \(use)")
        }
    }

    @Test("the internal names compile with the SPI import")
    func spiImport() throws {
        let outcome = try typecheck(imports: "import Vouch; @_spi(VouchInternal) import VouchBase")
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    /// Type-checks a client of the uses, after `imports` on its first line, and returns the outcome.
    func typecheck(imports: String) throws -> ChildProcess.Outcome {
        let build = TestFiles.buildDirectory
        try #require(access("\(build)/Modules/Vouch.swiftmodule", R_OK) == 0, "no Vouch module in \(build)")
        let directory = TestFiles.temporaryDirectory("vouch-surface")
        let client = "\(directory)/client.swift"
        TestFiles.write(([imports] + Self.publicUses + [""] + Self.internalUses).joined(separator: "\n") + "\n", to: client)
        // The C modules below Vouch, as SwiftPM hands them to the compiler for Vouch's own targets.
        let moduleMaps = [
            "\(build)/CICU.build/module.modulemap", "\(build)/VouchData.build/module.modulemap",
            "\(build)/CByteScan.build/module.modulemap",
            "Sources/CPCRE2/module.modulemap", "Sources/CVouchPluginABI/module.modulemap",
        ]
        let arguments =
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", "\(build)/Modules", "-module-cache-path", "\(directory)/cache"]
            + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] } + [client]
        let outcome = ChildProcess.shell(arguments.map { "'\($0)'" }.joined(separator: " "))
        _ = ChildProcess.shell("rm -rf '\(directory)'")
        return outcome
    }

    /// The line numbers of the compiler's errors (`client.swift:12:5: error: …`).
    static func errorLines(_ output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4)
            guard parts.count == 5, parts[0].hasSuffix("client.swift"), parts[3] == " error" else { return nil }
            return Int(parts[1])
        }
    }
}
