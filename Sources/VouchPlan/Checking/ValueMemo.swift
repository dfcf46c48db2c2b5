@_spi(VouchInternal) import VouchBase
@_spi(VouchInternal) import VouchSteps

/// What checking gave the values a record's fields had lately, so that a value met again is
/// not checked again: the columns of bulk data repeat (states, first names, categories), and a
/// value met again then costs a hash and a comparison of its bytes in place of its formatters,
/// rules and converter.
///
/// Only a field whose result depends on nothing but its text is remembered (``FormPlan/remembersValues``:
/// Vouch's own steps, no other field, no clock, no plugin, not a secret nor a token list), and
/// only a valid result of an input of at most ``maxInput`` bytes: its normalized text and its
/// typed value. Each such field (the first ``maxFields`` of them) has a table of
/// ``slotsPerField`` results, two to a place (16 KiB). A field whose values do not repeat (under
/// half of ``window`` lookups found) is not looked up for the next ``rest`` records, then tried
/// again; after each such window in a row it rests twice as long, up to ``longestRest``. One
/// record check's (one thread's), for one form (another empties it); a result is found again
/// only by the same kind of check (with display values or not, validity alone or not).
struct ValueMemo: ~Copyable {
    static let maxInput = 32
    static let maxFields = 32
    static let slotsPerField = 128
    static let window: Int32 = 256
    static let rest: Int32 = 4096
    static let longestRest: Int32 = 1 << 16

    /// A slot: a header of ``headerBytes``, then the input, the normalized text unless it is the
    /// input, the canonical value, the display value.
    private static let slotBytes = 128
    private static let headerBytes = 16
    private static let dataBytes = slotBytes - headerBytes

    private struct Header {
        /// The input's hash, 0 for an empty slot.
        var hash: UInt32
        var inputCount: UInt8
        /// ``sameAsInput`` when the normalized text is the input.
        var normalizedCount: UInt8
        var canonicalCount: UInt8
        /// ``sameAsInput`` when the display value is the canonical one.
        var displayCount: UInt8
        var value: Kind
        /// For a value of bytes, what they are.
        var form: RecordCheck.Outcome.Form
        /// Whether it is the slot of its place found or filled last.
        var isRecent: Bool
        /// The kind of check that made it (``check``).
        var check: UInt8
        /// Whether the normalized text kept holds nothing a JSON string escapes.
        var isPlainJSON: Bool

        static let sameAsInput: UInt8 = 0xFF
    }

    /// The typed value a slot holds (``RecordCheck/Outcome/Value``), without its bytes.
    private enum Kind: UInt8 {
        case none, text, bytes
    }

    /// How a field's lookups went in the current window.
    private struct Counts {
        var lookups: Int32 = 0
        var found: Int32 = 0
        /// How long the field rests after a window that finds under half: ``rest``, twice as
        /// long after each such window in a row, up to ``longestRest``.
        var rest = ValueMemo.rest
    }

    /// The form the results are of.
    private var form: ObjectIdentifier?
    /// The kind of check of the record: 1 with display values, 2 for validity alone.
    private var check: UInt8 = 0
    /// By field: the first byte of its table, or -1 for a field not remembered.
    private var tables = FieldSlots<Int>()
    /// The fields remembered.
    private var remembered: [Int] = []
    private var storage: UnsafeMutableRawPointer?
    private var counts = FieldSlots<Counts>()
    /// By field: 0 while it is looked up, the number of records it still rests for, or -1 for a
    /// field not remembered.
    private var resting = FieldSlots<Int32>()
    /// By field: its last lookup, which is the record's when it has the record's number.
    private var lookups = FieldSlots<Lookup>()
    /// The number of the record being checked.
    private var record = 0

    /// A field's lookup in a record: the slot found (its first byte), or the hash and input of a
    /// lookup that found nothing, for ``remember(_:normalized:value:values:)``.
    private struct Lookup {
        var record = -1
        var slot = -1
        var hash: UInt32 = 0
        var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    }

    init() {}

    deinit { storage?.deallocate() }

    /// Starts a record checked with `plan`: the results kept are those of the same form, or none.
    @inline(__always)
    mutating func begin(plan: FormPlan, wantsDisplay: Bool, validityOnly: Bool) {
        if form != ObjectIdentifier(plan) { start(plan: plan) }
        check = (wantsDisplay ? 1 : 0) | (validityOnly ? 2 : 0)
        record &+= 1
    }

    private mutating func start(plan: FormPlan) {
        let fields = plan.remembersValues.count
        storage?.deallocate()
        storage = nil
        tables = FieldSlots(repeating: -1, count: fields)
        counts = FieldSlots(repeating: Counts(), count: fields)
        resting = FieldSlots(repeating: -1, count: fields)
        lookups = FieldSlots(repeating: Lookup(), count: fields)
        remembered = Array(plan.remembersValues.indices.filter { plan.remembersValues[$0] }.prefix(Self.maxFields))
        precondition(MemoryLayout<Header>.size <= Self.headerBytes, "a slot's header fits its bytes")
        let tableBytes = Self.slotsPerField * Self.slotBytes
        for (place, field) in remembered.enumerated() {
            tables[field] = place * tableBytes
            resting[field] = 0
        }
        if !remembered.isEmpty {
            storage = .allocate(byteCount: remembered.count * tableBytes, alignment: 16)
            storage.unsafelyUnwrapped.initializeMemory(as: UInt8.self, repeating: 0, count: remembered.count * tableBytes)
        }
        form = ObjectIdentifier(plan)
    }

    /// The normalized text of `input` for field `field`, when a valid result of it is kept: the
    /// input itself, or the text kept. Notes the slot for ``restore(_:into:)``, or that nothing
    /// was found, for ``remember(_:normalized:value:values:)``.
    @inline(__always)
    mutating func find(_ field: Int, _ input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard resting[field] == 0 else {
            if resting[field] > 0 { resting[field] -= 1 }
            return nil
        }
        guard input.count <= Self.maxInput, !input.isEmpty else { return nil }
        return lookUp(field, input)
    }

    @inline(__always)
    private mutating func lookUp(_ field: Int, _ input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        counts[field].lookups &+= 1
        if counts[field].lookups == Self.window {
            if counts[field].found < Self.window / 2 {
                resting[field] = counts[field].rest
                counts[field].rest = Swift.min(counts[field].rest * 2, Self.longestRest)
            } else {
                counts[field].rest = Self.rest
            }
            counts[field].lookups = 0
            counts[field].found = 0
        }
        // Results of each kind of check lie at places of their own.
        let hash = Self.hash(input) ^ UInt32(check) &* 0x9E37_79B9
        let storage = storage.unsafelyUnwrapped
        let place = place(of: field, hash: hash)
        for way in 0..<2 {
            let slot = place &+ way &* Self.slotBytes
            let header = storage.load(fromByteOffset: slot, as: Header.self)
            guard header.hash == hash, Int(header.inputCount) == input.count, header.check == check,
                bytes(at: slot &+ Self.headerBytes, count: input.count).hasSameBytes(as: input)
            else { continue }
            // (The other slot of a place is never recent when this one is.)
            if !header.isRecent { markRecent(slot, other: place &+ (1 &- way) &* Self.slotBytes) }
            counts[field].found &+= 1
            lookups[field] = Lookup(record: record, slot: slot)
            guard header.normalizedCount != Header.sameAsInput else { return input }
            return bytes(at: slot &+ Self.headerBytes &+ input.count, count: Int(header.normalizedCount))
        }
        lookups[field] = Lookup(record: record, hash: hash, input: input)
        return nil
    }

    /// How many fields' results of this record were found.
    var foundCount: Int { remembered.count { found($0) } }

    /// Whether the normalized text ``find(_:_:)`` found for field `field`, when it is not the
    /// input, holds nothing a JSON string escapes.
    func foundPlainJSON(_ field: Int) -> Bool {
        storage.unsafelyUnwrapped.load(fromByteOffset: lookups[field].slot, as: Header.self).isPlainJSON
    }

    /// Whether ``find(_:_:)`` found field `field`'s input in this record.
    @inline(__always)
    func found(_ field: Int) -> Bool { lookups[field].record == record && lookups[field].slot >= 0 }

    /// The typed value of the result found for field `field`, its bytes appended to `values`.
    @inline(__always)
    func restore(_ field: Int, into values: inout ByteBuffer) -> RecordCheck.Outcome.Value {
        let slot = lookups[field].slot
        let storage = storage.unsafelyUnwrapped
        let header = storage.load(fromByteOffset: slot, as: Header.self)
        switch header.value {
        case .none: return .none
        case .text: return .text
        case .bytes:
            var start = slot + Self.headerBytes + Int(header.inputCount)
            if header.normalizedCount != Header.sameAsInput { start += Int(header.normalizedCount) }
            let first = values.count
            let canonicalCount = Int(header.canonicalCount)
            values.append(contentsOf: bytes(at: start, count: canonicalCount))
            let canonical = first..<values.count
            var display: Range<Int>?
            if header.displayCount != Header.sameAsInput {
                values.append(contentsOf: bytes(at: start + canonicalCount, count: Int(header.displayCount)))
                display = canonical.upperBound..<values.count
            }
            return .bytes(canonical: canonical, display: display, form: header.form)
        }
    }

    /// Whether field `field`'s lookup found nothing in this record: its result, when valid, is
    /// for ``remember(_:normalized:value:values:)``.
    @inline(__always)
    func missed(_ field: Int) -> Bool { lookups[field].record == record && lookups[field].hash != 0 }

    /// Keeps field `field`'s valid result when its lookup found nothing (``missed(_:)``): its
    /// normalized text and typed value (whose bytes are in `values`). A result too large for a
    /// slot is not kept.
    mutating func remember(
        _ field: Int, normalized: UnsafeBufferPointer<UInt8>, value: RecordCheck.Outcome.Value, values: UnsafeBufferPointer<UInt8>
    ) {
        let hash = lookups[field].hash
        let input = lookups[field].input
        lookups[field].hash = 0
        let isInput = normalized.baseAddress == input.baseAddress && normalized.count == input.count
        let text = isInput ? UnsafeBufferPointer(start: nil, count: 0) : normalized
        var kind = Kind.none
        var form = RecordCheck.Outcome.Form.text
        var canonical = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var display: UnsafeBufferPointer<UInt8>?
        switch value {
        case .none: break
        case .text: kind = .text
        case .bytes(let canonicalRange, let displayRange, let valueForm):
            kind = .bytes
            form = valueForm
            canonical = UnsafeBufferPointer(rebasing: values[canonicalRange])
            display = displayRange.map { UnsafeBufferPointer(rebasing: values[$0]) }
        }
        let limit = Int(Header.sameAsInput)
        guard text.count < limit, canonical.count < limit, (display?.count ?? 0) < limit,
            input.count + text.count + canonical.count + (display?.count ?? 0) <= Self.dataBytes
        else { return }
        let header = Header(
            hash: hash, inputCount: UInt8(input.count), normalizedCount: isInput ? Header.sameAsInput : UInt8(text.count),
            canonicalCount: UInt8(canonical.count), displayCount: display.map { UInt8($0.count) } ?? Header.sameAsInput,
            value: kind, form: form, isRecent: true, check: check,
            isPlainJSON: !isInput && text.firstJSONStringSpecial(from: 0) == text.count)

        let storage = storage.unsafelyUnwrapped
        let place = place(of: field, hash: hash)
        let first = storage.load(fromByteOffset: place, as: Header.self)
        let way = first.hash == 0 || !first.isRecent ? 0 : 1
        let slot = place + way * Self.slotBytes
        markRecent(slot, other: place + (1 - way) * Self.slotBytes)
        storage.storeBytes(of: header, toByteOffset: slot, as: Header.self)
        var offset = slot + Self.headerBytes
        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            (storage + offset).copyMemory(from: base, byteCount: bytes.count)
            offset += bytes.count
        }
        append(input)
        append(text)
        append(canonical)
        if let display { append(display) }
    }

    /// The first byte of the place of field `field`'s table where a result of `hash` lies: two slots.
    @inline(__always)
    private func place(of field: Int, hash: UInt32) -> Int {
        tables[field] + Int(hash & UInt32(Self.slotsPerField / 2 - 1)) * 2 * Self.slotBytes
    }

    private func markRecent(_ slot: Int, other: Int) {
        let storage = storage.unsafelyUnwrapped
        storage.storeBytes(of: true, toByteOffset: slot + MemoryLayout<Header>.offset(of: \.isRecent)!, as: Bool.self)
        storage.storeBytes(of: false, toByteOffset: other + MemoryLayout<Header>.offset(of: \.isRecent)!, as: Bool.self)
    }

    @inline(__always)
    private func bytes(at offset: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage.unsafelyUnwrapped.advanced(by: offset).assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// A hash of a short text, never 0: its words, multiplied and mixed.
    @inline(__always)
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let base = text.baseAddress.unsafelyUnwrapped
        let count = text.count
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: count) &* multiplier
        var index = 0
        while index &+ 8 <= count {
            hash = (hash ^ UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) &* multiplier
            index &+= 8
        }
        if index < count { hash = (hash ^ ByteBuffer.lastBytes(base, from: index, count: count)) &* multiplier }
        return UInt32(truncatingIfNeeded: hash >> 32) | 1
    }
}
