import Vouch

// Per-operation costs of Vouch, in nanoseconds per operation. Build and run in release:
//
//     swift build -c release && $(swift build -c release --show-bin-path)/vouch-bench
//
// Each line: NAME ns_per_op. Absolute times drift on shared machines; compare lines of one run.
// Name operations as arguments to run only those (vouch-bench date_parse luhn_plugin).
//
// record_check_json is a whole 8-field record on the checking path (bytes in, result JSON out),
// as `vouch check` runs it, each of 16,384 records in turn (values not met before, as the lines
// below say); record_check_json_display the same with each value's display form written too;
// record_validate the same records through the Swift API, and record_c_validate_json through the
// C API (libvouch), which writes the display forms. name_field, date_field, money_field and
// phone_field are what one field of that kind adds to a record on the checking path, over a text
// field with the same values (thousands of them); capitalize_name, date_parse and money_parse are
// the `String` API.
// phone_e164 reads a phone number, validates it and writes its E.164 form through the `String`
// API (phone_field does the same on the checking path, with the field's formatting);
// Benchmarks/phone measures libphonenumber on the same numbers (`make bench` runs both).
// keystroke_phone, keystroke_amount and keystroke_date are one digit typed into a field
// (FieldSchema.edit), as a UI calls it.
#if canImport(Glibc)
    import Glibc
#endif

/// The Luhn check written in Swift, to compare with the same check in the C `card` plugin.
struct SwiftLuhnRule: Rule {
    func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        var sum = 0
        var count = 0
        for byte in value.utf8.reversed() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") { continue }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return [RuleViolation("card.digits")] }
            var digit = Int(byte - UInt8(ascii: "0"))
            if count % 2 == 1 { digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2 }
            sum += digit
            count += 1
        }
        return count > 1 && sum % 10 == 0 ? [] : [RuleViolation("card.luhn")]
    }
}

/// The operations to run: the arguments, or all of them.
let selected = Set(CommandLine.arguments.dropFirst())

/// Runs `body` `iterations` times (after a warm-up), three times over, and prints the mean of the
/// fastest of the three in nanoseconds: a moment when the shared machine was busy does not count.
func measure(_ name: String, iterations: Int, _ body: (Int) -> Int) {
    guard selected.isEmpty || selected.contains(name) else { return }
    print(name, oneDecimal(time(iterations: iterations, body)))
}

/// The mean nanoseconds of `body` over `iterations` calls, the fastest of three tries.
func time(iterations: Int, _ body: (Int) -> Int) -> Double {
    var sink = 0
    for index in 0..<min(iterations / 10, 10_000) { sink &+= body(index) }
    var best = Double.infinity
    for _ in 0..<3 {
        let clock = ContinuousClock()
        let elapsed = clock.measure { for index in 0..<iterations { sink &+= body(index) } }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, nanoseconds / Double(iterations))
    }
    if sink == .min { print("") }
    return best
}

func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

let registry = Registry()
let executable = String(cString: realpath("/proc/self/exe", nil))
let directory = executable[..<executable.lastIndex(of: "/")!]
do {
    try registry.loadPlugin("\(directory)/libvouch-card.so")
    try registry.register(RuleDefinition("bench.luhn", summary: "Luhn in Swift.") { _, _ in SwiftLuhnRule() })
} catch {
    print("vouch-bench: \(error)")
    exit(2)
}

let locale = try registry.locale("en-US")
let context = RuleContext(locale: locale)
let zips = ["09812", "26265", "1234a", "00000", "99999", "12345", "5432", "77777"]
let names = ["ada lovelace", "édith piaf", "ijsbrand van der berg", "o'neil mcdonald", "zoë saldaña", "jürgen öztürk"]
let dates = ["02/22/1982", "08/16/1965", "13/45/2001", "04/15/1979", "12/01/2000", "07/04/1976"]
let amounts = ["$1,234.50", "12.00", "$0.99", "1,000,000", "$12", "abc"]
let cards = ["4111111111111111", "378282246310005", "4111111111111112", "6011000990139424"]

let zipRule = try registry.makeRule("pattern", ["regex": "^\\d{5}$"])
measure("regex_zip", iterations: 2_000_000) { zipRule.check(zips[$0 & 7], context: context).count }
let emailRule = try registry.makeRule("pattern", ["regex": "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"])
measure("regex_email", iterations: 2_000_000) { _ in emailRule.check("edith.7245@mail.example.org", context: context).count }
let capitalize = try registry.makeFormatter("capitalize", ["mode": "words"])
measure("capitalize_name", iterations: 500_000) { capitalize.format(names[$0 % 6]).utf8.count }
let date = try registry.makeKind("date")
measure("date_parse", iterations: 250_000) {
    if case .value(let value) = date.value.convert(dates[$0 % 6], context: context) { return value.display.utf8.count }
    return 0
}
let money = try registry.makeKind("money")
measure("money_parse", iterations: 250_000) {
    if case .value(let value) = money.value.convert(amounts[$0 % 6], context: context) { return value.display.utf8.count }
    return 0
}
// The same texts as Benchmarks/phone/libphonenumber_bench.cc: parse + validate + E.164, read in the US.
let phones = [
    "2025550147", "(201) 555-0123", "+1 415-555-0199", "+44 20 7946 0958", "12345", "(650) 253-0000", "+49 30 1234567",
    "1-800-555-0199",
]
measure("phone_e164", iterations: 500_000) {
    guard case .valid(let number, _, _) = locale.phone.read(phones[$0 & 7]) else { return 0 }
    return number.e164.utf8.count
}
let pluginLuhn = try registry.makeRule("card.luhn")
let swiftLuhn = try registry.makeRule("bench.luhn")
measure("luhn_plugin", iterations: 2_000_000) { pluginLuhn.check(cards[$0 & 3], context: context).count }
measure("luhn_swift", iterations: 2_000_000) { swiftLuhn.check(cards[$0 & 3], context: context).count }

let spec = """
    {"vouch": 1, "locale": "en-US", "fields": [
     {"name": "first_name", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 100}]},
     {"name": "last_name", "kind": "name", "required": true, "rules": [{"rule": "length", "max": 100}]},
     {"name": "email", "kind": "email", "required": true}, {"name": "phone", "kind": "phone", "required": true},
     {"name": "zip", "kind": "zip", "required": true}, {"name": "state", "kind": "state", "required": true},
     {"name": "birth_date", "kind": "date", "required": true}, {"name": "website", "kind": "url", "required": true}]}
    """
let form = try FormSchema(json: spec, registry: registry)

// Values not met before. A thread keeps the results of the short values each field had lately
// and gives a value met again the result it gave (ValueMemo), so that checking one record over
// and over would time that lookup: the record lines below check values each met once in 16,384
// records (but the state, one of eight, as columns of real data repeat), and the field lines
// values each met once in thousands.
func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
/// A word of five syllables, one for each decimal digit of `number` (below 100,000).
func word(_ number: Int) -> String {
    let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "ya"]
    return padded(number, 5).utf8.map { syllables[Int($0 - UInt8(ascii: "0"))] }.joined()
}
let distinct = 16_384
let distinctNames = (0..<distinct).map { "\(word($0)) \(names[$0 % names.count])" }
let distinctDates = (1940...2008).flatMap { year in
    (1...12).flatMap { month in (1...28).map { "\(padded(month, 2))/\(padded($0, 2))/\(year)" } }
}
let distinctAmounts = (0..<distinct).map { "$\($0 / 100 + 1),\(padded($0 % 1000, 3)).\(padded($0 % 100, 2))" }
let distinctPhones = (0..<10_000).map { "(202) 555-\(padded($0, 4))" }
let states = ["DC", "CA", "NY", "TX", "WA", "MA", "IL", "FL"]
let lines = (0..<distinct).map { index in
    #"{"first_name": "\#(word(index)) édith", "last_name": "piaf", "email": "edith.\#(index)@mail.example.org", "phone": "\#(distinctPhones[index % distinctPhones.count])", "zip": "\#(padded(20_001 + index, 5))", "state": "\#(states[index % states.count])", "birth_date": "\#(distinctDates[index % distinctDates.count])", "website": "https://example.com/u/\#(index)"}"#
}
let records = try lines.map { try JSONParser().parse($0).objectValue! }
measure("record_validate", iterations: 50_000) { form.validate(records[$0 % distinct]).fields.count }

// One keystroke into a field: a digit typed at the end of a phone number, an amount and a date.
let typingForm = try FormSchema(
    json:
        #"{"vouch": 1, "locale": "en-US", "fields": [{"name": "p", "kind": "phone"}, {"name": "m", "kind": "money"}, {"name": "d", "kind": "date"}]}"#,
    registry: registry)
for (name, field, text) in [
    ("keystroke_phone", "p", "(201) 555-012"), ("keystroke_amount", "m", "1,234,56"), ("keystroke_date", "d", "02/22/198"),
] {
    let schema = typingForm.fields.first { $0.name == field }!
    let edit = TextEdit.insert("7", at: text.utf16.count)
    measure(name, iterations: 50_000) { _ in schema.edit(edit, in: text).caret }
}

let checker = FormChecker(schema: form)
var output: [UInt8] = []
output.reserveCapacity(1024)
let lineBytes = lines.map { Array($0.utf8) }
measure("record_check_json", iterations: 500_000) {
    output.removeAll(keepingCapacity: true)
    _ = lineBytes[$0 % distinct].withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
    return output.count
}
measure("record_check_json_display", iterations: 500_000) {
    output.removeAll(keepingCapacity: true)
    _ = lineBytes[$0 % distinct].withUnsafeBufferPointer { checker.checkJSON($0, display: true, into: &output) }
    return output.count
}

/// What one field of `kind` adds on the checking path, over a text field with the same values.
func fieldCost(_ name: String, kind: String, values: [String], locale: String = "en-US") throws {
    func perRecord(_ kind: String) throws -> Double {
        let form = try FormSchema(
            json: #"{"vouch": 1, "locale": "\#(locale)", "fields": [{"name": "v", "kind": "\#(kind)"}]}"#, registry: registry)
        let checker = FormChecker(schema: form)
        let lines = values.map { Array(JSONValue.object(["v": .string($0)]).jsonText.utf8) }
        var output: [UInt8] = []
        output.reserveCapacity(256)
        return time(iterations: 500_000) { index in
            output.removeAll(keepingCapacity: true)
            _ = lines[index % lines.count].withUnsafeBufferPointer { checker.checkJSON($0, into: &output) }
            return output.count
        }
    }
    guard selected.isEmpty || selected.contains(name) else { return }
    let field = try perRecord(kind)
    let text = try perRecord("text")
    print(name, oneDecimal(max(0, field - text)))
}
try fieldCost("name_field", kind: "name", values: distinctNames)
try fieldCost("date_field", kind: "date", values: distinctDates)
try fieldCost("money_field", kind: "money", values: distinctAmounts)
try fieldCost("phone_field", kind: "phone", values: distinctPhones)

// The C API, from libvouch as a C program calls it.
typealias RegistryOpen = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32
typealias FormOpen = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
typealias ValidateJSON =
    @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<Int>?
    ) -> Int32
typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
if selected.isEmpty || selected.contains("record_c_validate_json"), let library = dlopen("\(directory)/libvouch-c.so", RTLD_NOW) {
    func function<T>(_ name: String, as type: T.Type) -> T { unsafeBitCast(dlsym(library, name)!, to: type) }
    var cRegistry: OpaquePointer?
    var cForm: OpaquePointer?
    _ = function("vouch_registry_open", as: RegistryOpen.self)(&cRegistry)
    _ = function("vouch_form_open", as: FormOpen.self)(cRegistry, spec, spec.utf8.count, &cForm)
    let validate = function("vouch_form_validate_json", as: ValidateJSON.self)
    let free = function("vouch_free", as: Free.self)
    measure("record_c_validate_json", iterations: 500_000) {
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        let line = lines[$0 % distinct]
        _ = validate(cForm, line, line.utf8.count, &json, &length)
        free(json)
        return length
    }
}
