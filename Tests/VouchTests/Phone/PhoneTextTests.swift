import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchSteps

/// The reading of plain numbers without regular expressions (digits, `+`, spaces and `( ) - . /`)
/// must read them as the full reading, libphonenumber's, does.
@Suite("Phone text: the fast reading agrees with the full one")
struct PhoneTextTests {
    /// Every text the fast reading takes gives the answer of the full reading.
    func agrees(_ text: String) -> String? {
        var bytes = text
        guard let simple = bytes.withByteText({ PhoneText.readSimple($0) }) else { return nil }
        let full = PhoneText.readFull(text)
        return simple == full ? nil : "\"\(text)\": fast \(simple), full \(full)"
    }

    @Test("every text of up to five characters from digits, +, separators and letters")
    func shortTexts() {
        let alphabet: [Character] = ["1", "2", "+", " ", "-", "(", "a", "x"]
        var texts = [""]
        var disagreements: [String] = []
        var taken = 0
        for _ in 1...5 {
            texts = texts.flatMap { text in alphabet.map { text + String($0) } }
            for text in texts {
                var bytes = text
                if bytes.withByteText({ PhoneText.readSimple($0) }) != nil { taken += 1 }
                if let disagreement = agrees(text) { disagreements.append(disagreement) }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        // The fast reading takes most of them: those without letters after the number starts.
        #expect(taken > 8_000)
    }

    @Test(
        "numbers as people write them",
        arguments: [
            ("Tel: +1 (201) 555-0123", true, "12015550123"), ("++44 20 7946 0958", true, "442079460958"),
            ("(650) 253-0000.", false, "6502530000"), ("030/1234567", false, "0301234567"), ("12", false, "12"),
            (String(repeating: "1", count: 40), false, ""), ("+1", false, ""), ("1 2", false, ""),
        ])
    func written(_ text: String, plus: Bool, digits: String) {
        var bytes = text
        let simple = bytes.withByteText { PhoneText.readSimple($0) }
        #expect(simple != nil)
        #expect(agrees(text) == nil)
        if case .success(let reading) = simple {
            #expect(reading.hasPlus == plus)
            #expect(reading.digits.string == digits)
        } else {
            #expect(digits.isEmpty, "\(text) should read")
        }
    }

    @Test(
        "a symbol no number is written with is refused, wherever it stands",
        arguments: ["(201) 555-0123 📞", "📞 (201) 555-0123", "(201) 555-0123 ☎", "+1 201 555 0123 ✓"])
    func symbols(_ text: String) {
        var bytes = text
        #expect(bytes.withByteText { PhoneText.read($0) } == .failure(.notANumber))
        let schema = try? FormSchema(
            json: #"{"vouch": 1, "locale": "en-US", "fields": [{"name": "p", "kind": "phone"}]}"#, registry: Registry())
        #expect(schema?.validate(["p": text]).isValid == false)
    }

    @Test("text with letters among the digits is left to the full reading", arguments: ["1-800-FLOWERS", "201 555 0123 ext. 7", "+1 2+3"])
    func letters(_ text: String) {
        var bytes = text
        #expect(bytes.withByteText { PhoneText.readSimple($0) } == nil)
    }
}
