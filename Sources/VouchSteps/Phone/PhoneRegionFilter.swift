@_spi(VouchInternal) import VouchBase

/// Which of a country's regions a national number can be valid in, by its first three digits:
/// worked out from partial matches of each region's patterns, when the embedded data is written
/// (`scripts/generate-phone-data`) or, for a country with a plan a pack changed, when first needed.
///
/// Most numbers that are not in use start with digits no region gives out (`230…` in +1), and
/// the region search of +1 would try its 25 regions on each; with the filter it refuses them at
/// once, and tries a number in use only in the regions that can have it.
struct PhoneRegionFilter: Sendable {
    /// How many leading digits the table is indexed by.
    static let depth = 3
    /// By the number of the first `depth` digits: bit n for the country's region n.
    private let masks: [UInt32]

    /// The filter of a country of `plans`; nil for a country of one region, or of more than 32.
    init?(plans: [PhoneRegionPlan]) {
        guard plans.count > 1, plans.count <= 32 else { return nil }
        var masks = [UInt32](repeating: 0, count: Self.tableSize)
        for (index, plan) in plans.enumerated() {
            // Depth first, along the prefixes the region can still have.
            var prefix: [UInt8] = []
            func visit(_ number: Int) {
                for digit in 0..<10 {
                    prefix.append(.zero + UInt8(digit))
                    defer { prefix.removeLast() }
                    let alive = prefix.withByteText { plan.mayHaveNumbers(startingWith: $0) }
                    guard alive else { continue }
                    if prefix.count == Self.depth {
                        masks[number * 10 + digit] |= 1 << UInt32(index)
                    } else {
                        visit(number * 10 + digit)
                    }
                }
            }
            visit(0)
        }
        self.masks = masks
    }

    /// The filter as the embedded data writes it: runs of equal masks, each `[first number, mask]`
    /// in ascending order, a run lasting until the next begins; nil when it is not of that shape.
    init?(runs: JSONValue) {
        guard let runs = runs.arrayValue, !runs.isEmpty else { return nil }
        var masks: [UInt32] = []
        masks.reserveCapacity(Self.tableSize)
        for (index, run) in runs.enumerated() {
            guard let pair = run.arrayValue, pair.count == 2, let first = pair[0].intValue, let mask = pair[1].intValue,
                first == masks.count, mask >= 0, mask <= Int(UInt32.max)
            else { return nil }
            let end = index + 1 < runs.count ? runs[index + 1].arrayValue?.first?.intValue ?? -1 : Self.tableSize
            guard end > first, end <= Self.tableSize else { return nil }
            masks.append(contentsOf: repeatElement(UInt32(mask), count: end - first))
        }
        self.masks = masks
    }

    /// The masks, by the number of the first ``depth`` digits (for tests).
    var table: [UInt32] { masks }

    private static var tableSize: Int { (0..<depth).reduce(1) { product, _ in product * 10 } }

    /// The regions `national` (ASCII digits) can be valid in, bit n for region n; every region
    /// for a number shorter than ``depth``.
    @inline(__always) func regions(of national: ByteText) -> UInt32 {
        guard national.count >= Self.depth else { return .max }
        var number = 0
        for position in 0..<Self.depth { number = number * 10 + Int(national[position] &- .zero) }
        return masks[number]
    }
}
