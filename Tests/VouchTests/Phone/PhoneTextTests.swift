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

    @Test("texts of digits and separators of up to 40 characters, read eight bytes at a time, and a letter or + among them")
    func longerTexts() {
        let alphabet: [Character] = ["0", "1", "2", "9", " ", "-", "(", ")", ".", "/"]
        var disagreements: [String] = []
        var taken = 0
        // A fixed sequence (a linear congruential generator), so that a failure repeats.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<20_000 {
            var text = String((0..<(1 + next(40))).map { _ in alphabet[next(alphabet.count)] })
            // Now and then a character that leaves the fast paths: before, among or after the digits.
            if next(4) == 0 {
                let place = text.index(text.startIndex, offsetBy: next(text.count + 1))
                text.insert(["+", "a", "é", "x"][next(4)], at: place)
            }
            var bytes = text
            if bytes.withByteText({ PhoneText.readSimple($0) }) != nil { taken += 1 }
            if let disagreement = agrees(text) { disagreements.append(disagreement) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        #expect(taken > 15_000)
    }

    @Test(
        "numbers as people write them",
        arguments: [
            ("Tel: +1 (201) 555-0123", true, "12015550123"), ("++44 20 7946 0958", true, "442079460958"),
            ("(650) 253-0000.", false, "6502530000"), ("030/1234567", false, "0301234567"), ("12", false, "12"),
            (String(repeating: "1", count: 40), false, ""), ("+1", false, ""), ("1 2", false, ""), ("(12)", false, "12"),
            ("(201) 555-0123", false, "2015550123"), ("201.555.0123 ", false, "2015550123"), ("-- 2", false, ""),
            (String(repeating: "1 ", count: 32), false, String(repeating: "1", count: 32)),
            (String(repeating: "1-", count: 33), false, ""),
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
