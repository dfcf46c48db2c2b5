@_spi(VouchInternal) import VouchBase

/// The last phone number a thread read, with the exact text it came from: the phone formatter
/// reads a number, and the rule and the value that follow on the same text use that reading.
struct LastPhoneReading: ScratchState, ~Copyable {
    private var text = ByteBuffer()
    /// The plan's identity, held (see ``LastText``).
    private var plan: StepIdentity?
    /// The reading; meaningful once a plan has read a number (see ``holds(_:by:)``).
    private(set) var reading = InlinePhoneReading.invalid(.notANumber)
    /// Whether the text is how the number is shown (the phone formatter wrote it so).
    private(set) var isDisplay = false

    init() {}

    /// Whether ``reading`` is the reading of `text` by `plan`.
    @inline(__always)
    func holds(_ text: ByteText, by plan: PhonePlan) -> Bool {
        self.plan === plan.identity && self.text.text.hasSameBytes(as: text)
    }

    @inline(__always)
    mutating func remember(_ reading: InlinePhoneReading, of text: ByteText, by plan: PhonePlan) {
        remember(text, isDisplay: false)
        self.reading = reading
        if self.plan !== plan.identity { self.plan = plan.identity }
    }

    /// Remembers ``reading`` as that of `text` too: the same number laid out anew.
    @inline(__always)
    mutating func remember(_ text: ByteText, isDisplay: Bool) {
        self.text.removeAll()
        self.text.append(contentsOf: text)
        self.isDisplay = isDisplay
    }
}

extension LastPhoneReading {
    /// Each thread's last reading, shared by the phone formatter, rule and value of every plan.
    static let slot = ScratchSlot<LastPhoneReading>()
}
