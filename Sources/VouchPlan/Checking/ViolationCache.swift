import Synchronization

/// Violations made lately, by the step that found them, with the finding each was made from: the
/// same finding of the same step is made once per thread, since most invalid records break a
/// field the same way. It makes them, each with its code's number in the form's ``ViolationCodes``
/// (so a violation it keeps has the number of the form it was made for).
///
/// A small table in which a step's place is picked from its plan's number (``NumberedPlan``) and
/// its place in the plan: looking a violation up hashes no finding. The number, not the plan's
/// address: the plans of a form, numbered one after another, fall in places of their own, where by
/// address two plans a page apart of the heap shared one, and pushed each other's violations out
/// record after record. A place holds the two violations used last there (a step that finds two
/// things in turn, such as a phone number too short and one not in use, keeps both), the last one
/// first; a new one pushes the other out. A slot holds its plan: a thread's cache can outlive a
/// form (the `String` calls of every form share one). Its slots live behind a pointer, so that
/// using them costs no check that they are shared.
struct ViolationCache: ~Copyable {
    private struct Slot {
        var plan: AnyObject?
        var step = 0
        var found = RuleViolation("")
        /// Nil while the slot is empty.
        var made: RecordCheck.MadeViolation?
    }

    private static let size = 2 << placeBits
    private let slots = UnsafeMutablePointer<Slot>.allocate(capacity: size)
    /// The numbers of the codes of the form checked with, if any.
    private let codes: ViolationCodes?

    /// A cache for checks with one form, whose codes `codes` numbers; with none, violations get -1.
    init(codes: ViolationCodes?) {
        self.codes = codes
        slots.initialize(repeating: Slot(), count: Self.size)
    }

    deinit {
        slots.deinitialize(count: Self.size)
        slots.deallocate()
    }

    /// The violation `found` by step `step` of `plan`, made from `make` unless it was made lately.
    /// `step` is the rule's place in the plan, -1 for the value, -2 and below for form-level
    /// rules, -3 and -4 for the count of tokens. The finding is read where it is.
    func violation(
        _ found: UnsafePointer<RuleViolation>, plan: some NumberedPlan, step: Int, make: () -> Violation
    ) -> RecordCheck.MadeViolation {
        let newer = slots + Self.place(of: plan.number, step: step)
        let older = newer + 1
        if Self.slot(newer, holds: found, plan: plan, step: step) { return newer.pointee.made.unsafelyUnwrapped }
        if Self.slot(older, holds: found, plan: plan, step: step) {
            // The one found last is looked at first next time.
            swap(&newer.pointee, &older.pointee)
            return newer.pointee.made.unsafelyUnwrapped
        }
        let made = self.made(make())
        older.pointee = newer.move()
        newer.initialize(to: Slot(plan: plan, step: step, found: found.pointee, made: made))
        return made
    }

    /// The first slot of the place of step `step` of plan `number`: the number and the step's last
    /// four bits, spread over the places by Fibonacci hashing (consecutive numbers fall far apart:
    /// the steps of sixteen plans made one after another take at most two slots of a place).
    @inline(__always)
    static func place(of number: Int, step: Int) -> Int {
        let key = UInt64(truncatingIfNeeded: number &<< 4 | step & 15)
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - placeBits)) &<< 1
    }

    /// The places (two slots each) are 2 to this power.
    private static var placeBits: Int { 7 }

    /// Whether `slot` holds the violation `found` by step `step` of `plan`.
    @inline(__always)
    private static func slot(
        _ slot: UnsafeMutablePointer<Slot>, holds found: UnsafePointer<RuleViolation>, plan: some NumberedPlan, step: Int
    )
        -> Bool
    {
        slot.pointee.plan === plan && slot.pointee.step == step && slot.pointee.made != nil && holds(found, at: slot)
    }

    /// `violation` made for the records that have it, not kept. (Out of line: the lookup that
    /// finds most violations made stays small.)
    @inline(never)
    func made(_ violation: Violation) -> RecordCheck.MadeViolation {
        RecordCheck.MadeViolation(violation, code: codes?.number(of: violation.code) ?? -1)
    }

    /// Whether `slot` holds `found`. A finding is most often a rule's literal code without
    /// arguments, in the same storage as the one before: the same bits then, compared in place
    /// (a copy would count references on their parts); otherwise compared by value.
    private static func holds(_ found: UnsafePointer<RuleViolation>, at slot: UnsafeMutablePointer<Slot>) -> Bool {
        let stored = UnsafeRawPointer(slot) + MemoryLayout<Slot>.offset(of: \.found)!
        let bytes = UnsafeRawPointer(found)
        let size = MemoryLayout<RuleViolation>.size
        var offset = 0
        var same = true
        while same && offset + 8 <= size {
            same =
                bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while same && offset < size {
            same = bytes.load(fromByteOffset: offset, as: UInt8.self) == stored.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
        }
        return same || slot.pointee.found == found.pointee
    }
}

/// An object whose steps find violations (``FieldPlan``), with a number no other such object made
/// in the process has, given in the order they are made: what places its violations in a
/// ``ViolationCache``.
protocol NumberedPlan: AnyObject {
    var number: Int { get }
}

/// The numbers of ``NumberedPlan``s.
enum PlanNumbers {
    private static let last = Atomic<Int>(0)

    /// A number for a plan being made.
    static func next() -> Int { last.wrappingAdd(1, ordering: .relaxed).newValue }
}
