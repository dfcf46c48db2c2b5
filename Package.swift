// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Vouch",
    products: [
        .library(name: "Vouch", targets: ["Vouch"]),
        .executable(name: "signup-example", targets: ["SignupExample"]),
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
        .target(
            name: "Vouch",
            dependencies: ["CICU", "CPCRE2"],
            resources: [.embedInCode("Locales/Packs")]
        ),
        .executableTarget(
            name: "SignupExample",
            dependencies: ["Vouch"],
            path: "Examples/SignupExample"
        ),
        .testTarget(
            name: "VouchTests",
            dependencies: ["Vouch"]
        ),
        // Imports all of Foundation, as a host app would, to show both ICUs working in one process.
        .testTarget(
            name: "VouchFoundationTests",
            dependencies: ["Vouch"]
        ),
    ]
)
