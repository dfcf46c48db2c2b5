import Synchronization
import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch

/// Every pooled ICU wrapper called from many tasks at once gives what it gives on one thread.
@Suite("ICU wrappers under concurrency")
struct ConcurrencyTests {
    /// One call of each cached wrapper, with locales and inputs varying by `index`.
    static func work(_ index: Int) throws -> [String] {
        let names = ["ılık ırmak", "o'neil mary-jane", "ijsbrand", "hello. how are you?", "άδεια"]
        let locales = ["tr", "en", "nl", "en-GB", "el"]
        let dates = [
            ("02/22/1982", "en-US", "MM/dd/yyyy"), ("22.02.1982", "de-DE", "dd.MM.yyyy"),
            ("1982/02/22", "ja-JP", "yyyy/MM/dd"), ("02/30/1982", "en-US", "MM/dd/yyyy"),
        ]
        let money = [("$1,234.50", "en-US"), ("1.234,50 €", "de-DE"), ("R$ 1.234,50", "pt-BR")]
        let i = index % names.count
        let (dateText, dateLocale, pattern) = dates[index % dates.count]
        let (moneyText, moneyLocale) = money[index % money.count]
        let mode: Capitalization = index % 2 == 0 ? .words : .sentences
        let template = try MessageTemplate(
            "{count, plural, one {# item} few {# items(few)} many {# items(many)} other {# items}}",
            locale: index % 3 == 0 ? "ru" : "en")
        let parsedMoney = NumberFormat.parseMoney(moneyText, locale: moneyLocale)
        return [
            CaseMapping.capitalize(names[i], mode: mode, locale: locales[i]),
            CaseMapping.upper(names[i], locale: locales[i]),
            DateFormat.parse(dateText, locale: dateLocale, pattern: pattern)?.iso8601 ?? "nil",
            DateFormat.format(
                CalendarDate(year: 1982, month: 2, day: index % 28 + 1), locale: dateLocale,
                pattern: pattern),
            NumberFormat.parseDecimal(index % 2 == 0 ? "1,234.5" : "-0.25", locale: "en-US")
                ?? "nil",
            NumberFormat.formatDecimal("1234.5", locale: moneyLocale),
            parsedMoney.map { "\($0.amount) \($0.currency)" } ?? "nil",
            NumberFormat.formatMoney(
                amount: "1234.50", currency: parsedMoney?.currency ?? "USD", locale: moneyLocale),
            template.format(["count": .number(Double(index % 25))]),
            ListFormat.format(["a", "b", "c"], locale: locales[i]),
            DomainName.toASCII(index % 2 == 0 ? "bücher.example" : "exa mple.com") ?? "nil",
        ]
    }

    @Test("8 tasks × 200 calls match single-threaded results")
    func concurrentCallsMatch() async throws {
        let calls = 200
        let expected = try (0..<calls).map(Self.work)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for call in 0..<calls {
                        let index = (call + task * 37) % calls
                        if (try? Self.work(index)) != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(expected[0][0] == "Ilık Irmak")
        #expect(expected[3][2] == "nil", "02/30/1982 is no date")
        #expect(expected[1][8] == "1 item")
        #expect(expected[3][8] == "3 items(few)", "Russian plural rules")
        #expect(expected[1][10] == "nil", "exa mple.com is no domain name")
        #expect(expected[0][10] == "xn--bcher-kva.example")
    }
}

@Suite("ICU object pool")
struct ICUObjectPoolTests {
    @Test("Lends each object to one caller and keeps a bounded number idle")
    func lending() {
        final class Counter: Sendable { let opened = Atomic<Int>(0) }
        let counter = Counter()
        let pool = ICUObjectPool<Int>(idlePerKey: 2, maximumKeys: 3) { _ in
            let count = counter.opened.add(1, ordering: .relaxed).newValue
            return .success(ICUObject(OpaquePointer(bitPattern: count)!) { _ in })
        }
        // Two nested checkouts of one key get two different objects.
        let distinct = pool.withObject(1) { outer in
            pool.withObject(1) { inner in outer != inner }.value
        }
        #expect(distinct.value == true)
        #expect(counter.opened.load(ordering: .relaxed) == 2)
        // Both went back and are reused.
        _ = pool.withObject(1) { _ in 0 }
        #expect(counter.opened.load(ordering: .relaxed) == 2)
        // Idle objects per key and keys are bounded.
        for key in 2...10 { _ = pool.withObject(key) { _ in 0 } }
        #expect(pool.idleCount <= 3 * 2)
    }

    @Test("A key ICU cannot open gives the status it failed with, and a failing call its own")
    func failure() {
        let pool = ICUObjectPool<String> { key in
            key == "bad" ? .failure(.illegalArgument) : .success(ICUObject(OpaquePointer(bitPattern: 1)!) { _ in })
        }
        #expect(pool.withObject("bad") { _ in 1 } == .failure(.illegalArgument))
        #expect(
            pool.withObject("good") { _ throws(ICUStatus) in throw ICUStatus.bufferOverflow }
                == Result<Int, ICUStatus>.failure(.bufferOverflow))
        #expect(pool.withObject("good") { _ in 1 }.value(or: 0) == 1)
    }
}
