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

extension PhonePlan {
    /// Each thread's last reading, shared by the phone formatter, rule and value.
    static let lastReading = ScratchSlot { LastPhoneReading() }
}
