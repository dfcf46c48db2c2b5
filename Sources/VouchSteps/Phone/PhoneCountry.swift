@_spi(VouchInternal) import VouchBase

/// The regions that share a country calling code (`1`: the US, Canada and the Caribbean), their
/// main region's first, or a non-geographic code's own plan (`800`); none for no calling code.
///
/// A region's plan is compiled the first time a number reaches it: a number valid in the main
/// region (most of +1's) needs no other. The ``filter`` comes with the embedded data; one that
/// does not (a country with a plan a pack changed) needs every plan, and is built the first time
/// a number gets past the main region.
///
/// A class, so that looking a country up hands over one reference, not its parts.
final class PhoneCountry: Sendable {
    let regions: [Region]
    /// Every length a number of one of the regions has, for dialling from anywhere or only locally.
    let lengths: PhoneLengths
    /// How a number's region is found, in the order of `regions`: a region is tried by its types,
    /// and a run of regions known by their leading digits by one match of all their patterns.
    let steps: [RegionStep]
    /// The patterns of the runs of leading digits, kept alive for their matchers.
    private let combined: [RegexPattern]
    /// The automata of the runs of leading digits (freed with the country).
    private let automata: [ASCIIRegexAutomaton]
    private let lazyFilter: LazyReference<FilterBox>
    /// `regions` as the region search reads them: lent without reference counting (the country
    /// holds them), so that threads that share a country do not count references on its regions.
    private let lentRegions: UncountedArray<LentReference<Region>>

    /// One region of the country: what the region search needs of it before it is compiled, and
    /// its plan.
    final class Region: Sendable {
        /// `US`, or `001` for a non-geographic calling code.
        let region: String
        /// For a region that shares its calling code: the leading digits of its numbers, as written.
        let leadingDigitsSource: String?
        /// The lengths of its numbers, for dialling from anywhere or only locally.
        let lengths: PhoneLengths
        private let compiled: LazyReference<PhoneRegionPlan>

        /// The region of `key` (`US`, `001+800`) as data; `compile` gives its plan when first asked.
        init(key: String, json: JSONObject, compile: @escaping @Sendable () -> PhoneRegionPlan) throws(VouchError) {
            region = key.hasPrefix("001") ? "001" : key
            let outline = try PhoneRegionPlan.outline(json, at: JSONPath().appending("plans").appending(key))
            leadingDigitsSource = outline.leadingDigits
            lengths = outline.lengths
            compiled = LazyReference(compile)
        }

        /// The region of a plan compiled already (a pack's).
        init(plan: PhoneRegionPlan) {
            region = plan.region
            leadingDigitsSource = plan.leadingDigitsSource
            lengths = plan.general.lengths.union(plan.general.localLengths)
            compiled = LazyReference(made: plan)
        }

        /// The region's plan, compiled on first use.
        var plan: PhoneRegionPlan { compiled.instance }

        /// Calls `body` with the plan, compiled if it is not yet, lent without reference counting.
        @inline(__always) func withPlan<Result>(_ body: (PhoneRegionPlan) -> Result) -> Result { compiled.withInstance(body) }

        /// Whether the plan has been compiled.
        var isCompiled: Bool { compiled.isMade }
    }

    /// One step of the search. (A struct, not an enum with payloads: an enum would keep its case
    /// in the spare bits of the array's pointer, where leak checkers cannot see the pointer.)
    struct RegionStep: Sendable {
        /// Without a matcher nor an automaton: the region at `regions[0]` (an index of `plans`),
        /// valid if one of its types matches. With one: the first of `regions` whose leading
        /// digits start the number is its region, the group that matched telling which, or the
        /// automaton's first pattern that matches a beginning of the number.
        var leadingDigits: RegexMatcher?
        var leadingAutomaton: ASCIIRegexAutomaton?
        let regions: [Int]
        /// Without a matcher: whether the region is known by its leading digits (it shares its
        /// calling code and its plan gives them), which its plan is then asked for.
        var isKnownByLeadingDigits = false

        static func types(_ index: Int, knownByLeadingDigits: Bool) -> RegionStep {
            RegionStep(leadingDigits: nil, leadingAutomaton: nil, regions: [index], isKnownByLeadingDigits: knownByLeadingDigits)
        }
    }

    /// The country of `regions`, with their `filter` if it was worked out already (the embedded
    /// data's); without, it is built from the plans when first needed.
    init(_ regions: [Region], filter: PhoneRegionFilter? = nil) {
        self.regions = regions
        lengths = regions.reduce(PhoneLengths([])) { $0.union($1.lengths) }
        var steps: [RegionStep] = []
        var combined: [RegexPattern] = []
        var automata: [ASCIIRegexAutomaton] = []
        var run: [Int] = []
        func endRun() {
            defer { run = [] }
            guard !run.isEmpty else { return }
            // Up to an automaton's most patterns at a time, when every pattern is of its kind.
            let syntaxes = run.compactMap { regions[$0].leadingDigitsSource.flatMap(ASCIIRegexAutomaton.syntax) }
            if run.count > 1, syntaxes.count == run.count {
                var made: [(ASCIIRegexAutomaton, [Int])] = []
                for start in stride(from: 0, to: run.count, by: ASCIIRegexAutomaton.maxPatterns) {
                    let end = Swift.min(start + ASCIIRegexAutomaton.maxPatterns, run.count)
                    guard let automaton = ASCIIRegexAutomaton(Array(syntaxes[start..<end])) else { break }
                    made.append((automaton, Array(run[start..<end])))
                }
                if made.map(\.1.count).reduce(0, +) == run.count {
                    automata += made.map(\.0)
                    steps += made.map { RegionStep(leadingDigits: nil, leadingAutomaton: $0.0, regions: $0.1) }
                    return
                }
                for (automaton, _) in made { automaton.free() }
            }
            let source = run.map { "(" + (regions[$0].leadingDigitsSource ?? "") + ")" }.joined(separator: "|")
            if run.count > 1, run.count <= RegexMatchData.groups,
                let pattern = try? RegexPattern(source, anchoring: .prefix, unicode: false),
                pattern.captureCount == run.count
            {
                combined.append(pattern)
                steps.append(RegionStep(leadingDigits: pattern.matcher, leadingAutomaton: nil, regions: run))
            } else {
                steps.append(contentsOf: run.map { .types($0, knownByLeadingDigits: true) })
            }
        }
        for (index, region) in regions.enumerated() {
            if regions.count > 1, region.leadingDigitsSource != nil {
                run.append(index)
            } else {
                endRun()
                steps.append(.types(index, knownByLeadingDigits: false))
            }
        }
        endRun()
        self.steps = steps
        self.combined = combined
        self.automata = automata
        lentRegions = UncountedArray(regions.map(LentReference.init))
        if let filter {
            lazyFilter = LazyReference(made: FilterBox(filter))
        } else {
            lazyFilter = LazyReference { FilterBox(PhoneRegionFilter(plans: regions.map(\.plan))) }
        }
    }

    deinit {
        lentRegions.free()
        for automaton in automata { automaton.free() }
    }

    /// Calls `body` with the plan of the region at `index` of `regions`, compiled if it is not yet,
    /// lent without reference counting.
    @inline(__always) func withPlan<Result>(ofRegion index: Int, _ body: (PhoneRegionPlan) -> Result) -> Result {
        lentRegions[index].with { $0.withPlan(body) }
    }

    /// The plan numbers are written by: the main region's.
    var main: PhoneRegionPlan? { regions.first?.plan }

    /// Calls `body` with ``main``, lent without reference counting; nil where there is none.
    @inline(__always) func withMain<Result>(_ body: (PhoneRegionPlan) -> Result) -> Result? {
        lentRegions.count == 0 ? nil : withPlan(ofRegion: 0, body)
    }

    /// Every region's plan, all compiled.
    var plans: [PhoneRegionPlan] { regions.map(\.plan) }

    /// For a country of several regions: the regions a number can be valid in, by its first
    /// digits; the embedded data's, or built (and every region compiled) on first use.
    var filter: PhoneRegionFilter? { lazyFilter.instance.filter }

    /// The filter if it has been built (nil also for a country without one).
    var builtFilter: PhoneRegionFilter? { lazyFilter.made?.filter }

    /// What ``filter`` says of `national` (``PhoneRegionFilter/regions(of:)``), building it if it
    /// is not yet; nil for a country without a filter.
    @inline(__always) func filterRegions(of national: ByteText) -> UInt32? {
        lazyFilter.withInstance { $0.filter?.regions(of: national) }
    }

    /// ``filterRegions(of:)`` once the filter is built; nil before, and for a country without one.
    @inline(__always) func builtFilterRegions(of national: ByteText) -> UInt32? {
        lazyFilter.isMade ? filterRegions(of: national) : nil
    }

    private final class FilterBox: Sendable {
        let filter: PhoneRegionFilter?
        init(_ filter: PhoneRegionFilter?) { self.filter = filter }
    }
}
