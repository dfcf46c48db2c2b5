// swift-tools-version: 6.2
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

/// `VOUCH_FUZZ=1` adds the libFuzzer harnesses (Fuzz/, product vouch-fuzz; see scripts/fuzz). They
/// have no main of their own and link only with -sanitize=fuzzer, so ordinary builds leave them out.
let fuzzing = Context.environment["VOUCH_FUZZ"] == "1"

/// The checking path calls the foundations' small functions (byte views and scans, buffer appends,
/// JSON reads) for every field. With cross-module optimization, VouchBase's module carries the bodies
/// of its public functions, so that the layers above inline and specialize them as they would within
/// one module.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

/// The layers above the foundations call each other's `package` functions per field; package
/// cross-module optimization lets those bodies inline across the module boundary too.
let packageOptimization: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

let package = Package(
    name: "Vouch",
    products: [
        .library(name: "Vouch", targets: ["Vouch"]),
        .executable(name: "vouch", targets: ["vouch"]),
        .executable(name: "vouch-bench", targets: ["VouchBench"]),
        // Plugins, built as shared libraries that Vouch loads at run time.
        // The C API of include/vouch.h, for C programs: built as libvouch-c.so, installed as
        // libvouch.so, with the soname libvouch.so.0 (the name "vouch" is the command's).
        .library(name: "vouch-c", type: .dynamic, targets: ["CVouch"]),
        .library(name: "vouch-card", type: .dynamic, targets: ["CardPlugin"]),
        .library(name: "vouch-iban", type: .dynamic, targets: ["IBANPlugin"]),
    ],
    targets: [
        // A thin C interface over ICU4C: ICU renames its C symbols per version
        // (u_strToTitle -> u_strToTitle_72) with macros Swift cannot see.
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // The system PCRE2 library, 8-bit code units.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // include/vouch_plugin.h, for the Swift side of the plugin ABI.
        .systemLibrary(name: "CVouchPluginABI"),
        // The locale packs, phone plans, postal codes and regions, compiled in with #embed (a Swift array
        // literal of the same bytes would take the Swift compiler minutes in every build).
        .target(name: "VouchData", exclude: ["messages", "packs", "phone", "postal", "regions"]),
        // The foundations: bytes, JSON, text, the ICU and PCRE2 wrappers, locks, files and VouchError.
        // They know nothing of steps, forms or fields.
        // Byte scans on the processor's vectors, inline C (include/byte_scan.h).
        .target(name: "CByteScan"),
        .target(name: "VouchBase", dependencies: ["CICU", "CPCRE2", "CByteScan"], swiftSettings: crossModule),
        // The step contract (the byte protocols, their context and scratch slots, the String
        // adapters) and the built-in steps: rules, formatters, kinds, phone plans, locale packs and
        // regions, plugins, the registry, and the editing that formatters drive as text is typed.
        .target(
            name: "VouchSteps",
            dependencies: ["VouchBase", "CVouchPluginABI", "VouchData"],
            swiftSettings: packageOptimization
        ),
        // The specs of fields and forms, their compiled plans, and checking: the scanner, the field
        // loop, the result writer.
        .target(name: "VouchPlan", dependencies: ["VouchSteps", "VouchBase"], swiftSettings: packageOptimization),
        // Fields, forms and editing: the interactive objects a UI holds.
        .target(name: "Vouch", dependencies: ["VouchPlan", "VouchBase"]),
        // include/vouch.h, for the Swift that implements it.
        .systemLibrary(name: "CVouchAPI"),
        // Takes Swift's crash handler (which prints memory, values included) out of libvouch's
        // hosts and the vouch command, unless asked to keep it (crash_signals.c).
        .target(name: "CrashSignals", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "CVouch",
            // VouchBatch: vouch_form_check reads records with the same readers as `vouch check`.
            dependencies: ["Vouch", "VouchPlan", "VouchBase", "CVouchAPI", "VouchBatch", "CrashSignals"],
            exclude: ["libvouch.map"],
            // Export the C API and nothing else. Not in a fuzz build: the version script would also
            // apply to the fuzz executable and hide the sanitizer's malloc from shared libraries.
            linkerSettings: fuzzing
                ? []
                : [.unsafeFlags(["-Xlinker", "--version-script=Sources/CVouch/libvouch.map", "-Xlinker", "-soname=libvouch.so.0"])]
        ),
        .target(name: "CardPlugin", path: "Plugins/card", publicHeadersPath: ".", cSettings: [.headerSearchPath("../../include")]),
        .target(name: "IBANPlugin", path: "Plugins/iban", publicHeadersPath: ".", cSettings: [.headerSearchPath("../../include")]),
        // Records in bulk: the JSON-lines and CSV readers, the record checker, the pipeline that
        // overlaps reading, checking and writing, the summary, and the in-memory check. The vouch
        // command and libvouch both use it.
        .target(name: "VouchBatch", dependencies: ["Vouch", "VouchBase", "CThreadPlacement"]),
        // Where the pipeline's threads start: each on a CPU of its own (thread_placement.c).
        .target(name: "CThreadPlacement"),
        // The command line: its commands in a library, so that tests can reach its parts.
        .target(name: "VouchCLI", dependencies: ["Vouch", "VouchBase", "VouchBatch"]),
        // The command has the Swift runtime linked in (release builds): the dynamic loader then
        // resolves none of its symbols, which takes a fifth off a short run's time.
        .executableTarget(
            name: "vouch",
            dependencies: ["VouchCLI", "CrashSignals"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "VouchBench",
            dependencies: ["Vouch"],
            path: "Sources/vouch-bench"
        ),
        // What the test suites share: temporary files and child processes.
        .target(name: "VouchTestSupport", path: "Tests/Support"),
        .testTarget(
            name: "VouchTests",
            dependencies: ["Vouch", "VouchPlan", "VouchSteps", "VouchBase", "VouchTestSupport"],
            exclude: ["Vectors"]  // JSON test vectors, read from the package root (TestVectors.swift)
        ),
        .testTarget(
            name: "VouchCLITests",
            dependencies: ["VouchBase", "VouchBatch", "VouchCLI", "VouchTestSupport"]
        ),
        // Imports all of Foundation, as a host app would, to show both ICUs working in one process.
        .testTarget(
            name: "VouchFoundationTests",
            dependencies: ["Vouch"]
        ),
    ]
)

if fuzzing {
    package.products.append(.executable(name: "vouch-fuzz", targets: ["VouchFuzz"]))
    package.targets.append(
        .executableTarget(
            name: "VouchFuzz",
            dependencies: ["Vouch", "VouchPlan", "VouchSteps", "VouchBase", "VouchBatch", "CVouch", "CVouchAPI"],
            path: "Fuzz/Sources",
            // LLVMFuzzerTestOneInput is the entry point: libFuzzer provides main.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ))
}
