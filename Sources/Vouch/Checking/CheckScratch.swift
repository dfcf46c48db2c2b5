/// What one thread keeps from record to record while it checks: PCRE2 match data, buffers, and
/// what the last steps read, so that checking a valid record allocates nothing.
///
/// A scratch belongs to one thread at a time; steps receive it (`inout`) with the text they work on.
struct CheckScratch: ~Copyable {
    /// Match data for every regex the thread matches.
    let matchData = RegexMatchData()
    /// A buffer a rule may use for a normal form of its text.
    var formatted = ByteBuffer(capacity: 256)
    /// A buffer steps may use for a moment (a formatter's second pass, a rule's normal form).
    var temporary = ByteBuffer(capacity: 256)
    /// The last phone number read, and the text it was read from: the formatter reads a number,
    /// and the rule and the value that follow on the same text use that reading.
    var phone = LastPhoneReading()
    /// The last postal code a format normalized.
    var postalCode = LastText()
    /// Domain names already converted to ASCII by UTS #46 (through ICU) on this thread.
    var domains = DomainCache()

    init() {}
}

/// Tells apart the steps whose last result a thread remembers (a phone plan, a postal code format).
final class StepIdentity: Sendable {}

/// The last phone number a thread read, with the exact text it came from.
struct LastPhoneReading: ~Copyable {
    private var text = ByteBuffer()
    private var reading: InlinePhoneReading?
    private var plan: ObjectIdentifier?
    /// Whether the text is how the number is shown (the phone formatter wrote it so).
    private(set) var isDisplay = false

    /// The reading of `text` by `plan`, if it is the last one made.
    func reading(of text: ByteText, plan: PhonePlan) -> InlinePhoneReading? {
        guard self.plan == ObjectIdentifier(plan.identity), self.text.text.hasSameBytes(as: text) else { return nil }
        return reading
    }

    mutating func remember(_ reading: InlinePhoneReading, of text: ByteText, plan: PhonePlan, isDisplay: Bool = false) {
        self.text.removeAll()
        self.text.append(contentsOf: text)
        self.reading = reading
        self.plan = ObjectIdentifier(plan.identity)
        self.isDisplay = isDisplay
    }
}

/// The last text some step wrote, and which step (by identity) wrote it.
struct LastText: ~Copyable {
    private var text = ByteBuffer()
    private var owner: ObjectIdentifier?

    /// Whether `text` is the last text `owner` wrote.
    func isLast(_ text: ByteText, by owner: AnyObject) -> Bool {
        self.owner == ObjectIdentifier(owner) && self.text.text.hasSameBytes(as: text)
    }

    mutating func remember(_ text: ByteText, by owner: AnyObject) {
        self.text.removeAll()
        self.text.append(contentsOf: text)
        self.owner = ObjectIdentifier(owner)
    }
}

/// A small table of domain names and their ASCII forms (nil: not a valid name), so that a thread
/// asks ICU once per distinct name; the oldest entries make room for new ones.
struct DomainCache {
    private var names: [[UInt8]] = []
    private var results: [[UInt8]?] = []
    private var next = 0
    private static let capacity = 64

    /// Calls `body` with the ASCII form of `name` by UTS #46 (nil if it is not a valid name),
    /// asking ICU only for a name not seen lately.
    mutating func withASCIIName<R>(_ name: ByteText, _ body: (ByteText?) -> R) -> R {
        for index in names.indices {
            let known = names[index].withByteText { $0.hasSameBytes(as: name) }
            guard known else { continue }
            guard let result = results[index] else { return body(nil) }
            return result.withByteText(body)
        }
        let result = DomainName.toASCII(name.string).map { Array($0.utf8) }
        if names.count < Self.capacity {
            names.append(name.array)
            results.append(result)
        } else {
            names[next] = name.array
            results[next] = result
            next = (next + 1) % Self.capacity
        }
        guard let result else { return body(nil) }
        return result.withByteText(body)
    }
}
