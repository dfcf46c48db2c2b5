/// Counts of a bulk check: records, and for each field how many records included it, how many
/// broke it, and with which codes.
///
/// A field counts its codes by the numbers the form gives them (``ViolationCodes``): the tallies
/// of threads checking with one form add up number by number, and those counted with another form
/// (or set by name) are matched code by code.
public struct CheckTally: Sendable {
    public var records = 0
    public var valid = 0
    public var fields: [Field]

    public struct Field: Sendable {
        public var checked = 0
        public var invalid = 0
        /// How many violations of each code the field had.
        public var codes: [String: Int] {
            get {
                guard let numbering else { return [:] }
                let names = numbering.codes(upTo: counts.count)
                var codes: [String: Int] = [:]
                for (number, count) in counts.enumerated() where count > 0 { codes[names[number]] = count }
                return codes
            }
            set {
                let numbering = numbering ?? ViolationCodes()
                self.numbering = numbering
                counts = []
                for (code, count) in newValue { add(count, at: numbering.number(of: code)) }
            }
        }
        /// The same by the number of each code in ``numbering``: counting a violation indexes the
        /// list, where a dictionary would hash its code and a list of pairs compare it with others.
        private var counts: [Int] = []
        /// What ``counts`` is numbered by: the codes of the form first counted with, or the field's
        /// own when its codes were set by name; none while nothing is counted.
        private var numbering: ViolationCodes?

        /// Counts `amount` violations of the code numbered `number` in `codes`, the checked form's.
        mutating func count(_ number: Int, of codes: ViolationCodes, _ amount: Int = 1) {
            if numbering !== codes { renumber(by: codes) }
            add(amount, at: number)
        }

        /// Adds the counts of `other`.
        mutating func merge(_ other: Field) {
            checked += other.checked
            invalid += other.invalid
            if let theirs = other.numbering { add(other.counts, numberedBy: theirs) }
        }

        /// Numbers the counts by `codes` from now on.
        private mutating func renumber(by codes: ViolationCodes) {
            let (before, old) = (counts, numbering)
            counts = []
            numbering = codes
            if let old { add(before, numberedBy: old) }
        }

        /// Adds counts numbered by `theirs`: number for number when the field's counts are too (or
        /// it has none yet), else code by code.
        private mutating func add(_ other: [Int], numberedBy theirs: ViolationCodes) {
            let mine = numbering ?? theirs
            numbering = mine
            if mine === theirs {
                for (number, count) in other.enumerated() where count > 0 { add(count, at: number) }
                return
            }
            let names = theirs.codes(upTo: other.count)
            for (number, count) in other.enumerated() where count > 0 { add(count, at: mine.number(of: names[number])) }
        }

        private mutating func add(_ amount: Int, at number: Int) {
            if number >= counts.count { counts.append(contentsOf: repeatElement(0, count: number + 1 - counts.count)) }
            counts[number] += amount
        }
    }

    public init(fields count: Int) {
        fields = Array(repeating: Field(), count: count)
    }

    public mutating func merge(_ other: CheckTally) {
        records += other.records
        valid += other.valid
        for index in fields.indices { fields[index].merge(other.fields[index]) }
    }
}
