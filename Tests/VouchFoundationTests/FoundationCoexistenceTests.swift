// A host app that imports all of Foundation loads the toolchain's private ICU
// (lib_FoundationICU.so) beside the system ICU Vouch uses. These tests use both in one process.
import Foundation
import Testing
import Vouch

@Suite("Vouch beside Foundation's own ICU")
struct FoundationCoexistenceTests {
    @Test("Foundation's ICU is loaded and working in this process")
    func foundationWorks() throws {
        let formatter = DateFormatter()
        formatter.locale = Foundation.Locale(identifier: "de_DE")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd.MM.yyyy"
        let date = try #require(formatter.date(from: "22.02.1982"))
        #expect(date.timeIntervalSince1970 == 383_184_000)
        #expect("istanbul".uppercased(with: Foundation.Locale(identifier: "tr_TR")) == "İSTANBUL")
        let maps = Self.wholeFile("/proc/self/maps")
        #expect(maps.contains("lib_FoundationICU.so"), "Foundation's ICU")
        #expect(maps.contains("libicuuc.so"), "the system ICU Vouch uses")
    }

    @Test(
        "Vouch's capitalization and date parsing are still right",
        arguments: [
            ("tr-TR", "name", "ılık ırmak", "Ilık Irmak"), ("nl-NL", "name", "ijsbrand", "IJsbrand"),
            ("de-DE", "date", "22.02.1982", "1982-02-22"), ("en-US", "date", "02/22/1982", "1982-02-22"),
            ("ja-JP", "date", "1982/02/22", "1982-02-22"), ("en-US", "date", "13/45/2001", nil),
        ])
    func vouchWorks(locale: String, kind: String, input: String, canonical: String?) throws {
        // Touch Foundation's ICU first, so both libraries are live.
        _ = DateFormatter.localizedString(from: Date(timeIntervalSince1970: 0), dateStyle: .short, timeStyle: .none)
        let registry = Registry()
        let spec: JSONValue = ["vouch": 1, "locale": .string(locale), "fields": [["name": "v", "kind": .string(kind)]]]
        let result = try FormSchema(spec: spec, registry: registry).validate(["v": input])
        #expect(result.value(of: "v")?.canonical.stringValue == canonical)
    }

    /// A file read to its end. Files under /proc say they are empty, so `String(contentsOfFile:)`
    /// reads only their first page; under the sanitizers the map of a process is far longer.
    static func wholeFile(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
