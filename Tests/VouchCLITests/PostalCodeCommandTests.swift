import Testing

/// `vouch validate zip` and `vouch format zip` in locales whose postal codes come from Google's
/// address metadata, and in locales that have none.
@Suite("Postal codes on the command line")
struct PostalCodeCommandTests {
    @Test("validate zip: a Spanish code is ok, text that is not one is refused")
    func spain() {
        let good = VouchProcess.run(["validate", "zip", "--locale", "es-ES", "28013"])
        #expect(good.status == 0)
        #expect(good.stdout == "ok\n")
        let bad = VouchProcess.run(["validate", "zip", "--locale", "es-ES", "not a zip!"])
        #expect(bad.status == 1)
        #expect(bad.stdout != "ok\n")
    }

    @Test("validate zip: a locale without postal codes is an error naming the locale and the kind")
    func noPostalCodes() {
        for locale in ["es", "ar-AE"] {
            let outcome = VouchProcess.run(["validate", "zip", "--locale", locale, "28013"])
            #expect(outcome.status == 2)
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.contains("locale \"\(locale)\" has no postal codes"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("kind \"zip\""), "\(outcome.stderr)")
        }
    }

    @Test("format zip: a code is laid out as the country writes it")
    func layout() {
        for (locale, typed, shown) in [("en-CA", "k1a0b1", "K1A 0B1"), ("pl-PL", "00950", "00-950"), ("nl-BE", "1000", "1000")] {
            let outcome = VouchProcess.run(["format", "zip", "--locale", locale, typed])
            #expect(outcome.status == 0)
            #expect(outcome.stdout == "\(shown)\n", "\(locale) \(typed)")
        }
    }
}
