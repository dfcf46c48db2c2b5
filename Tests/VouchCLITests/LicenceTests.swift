import Testing
import VouchTestSupport

/// The licence, and the package metadata that names it with its SPDX identifier.
@Suite("Licence")
struct LicenceTests {
    @Test("LICENSE is the Apache License 2.0, and NOTICE names the sources of the embedded data")
    func files() {
        let licence = TestFiles.read("LICENSE")
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
        let notice = TestFiles.read("NOTICE")
        #expect(notice.contains("phone-plans.json") && notice.contains("postal-codes.json") && notice.contains("regions.json"))
    }

    @Test(
        "Package.swift, vouch.pc, the Python package and the .deb name Apache-2.0",
        arguments: [
            ("Package.swift", "// SPDX-License-Identifier: Apache-2.0\n"),
            ("vouch.pc.in", "# SPDX-License-Identifier: Apache-2.0\n"),
            ("python/pyproject.toml", "license = { text = \"Apache-2.0\" }\n"),
            ("scripts/package", "License: Apache-2.0\n"),
        ])
    func identifiers(file: String, line: String) {
        #expect(TestFiles.read(file).contains(line))
    }
}
