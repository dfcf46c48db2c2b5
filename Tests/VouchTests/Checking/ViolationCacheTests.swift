import Testing

@testable import Vouch
@testable import VouchPlan

/// The cache hands back the violation made for a finding when the same step finds the same again,
/// whether the finding shares its storage with the one before or only equals it.
@Suite("The violations a thread made lately")
struct ViolationCacheTests {
    final class Plan: NumberedPlan {
        let number = PlanNumbers.next()
    }

    /// The violation of `found` by step 0 of `plan`, and whether it was made anew.
    static func violation(_ cache: borrowing ViolationCache, _ found: RuleViolation, plan: Plan) -> (RecordCheck.MadeViolation, Bool) {
        var made = false
        let violation = withUnsafePointer(to: found) { found in
            cache.violation(found, plan: plan, step: 0) {
                made = true
                return Violation(field: "f", code: found.pointee.code, message: "")
            }
        }
        return (violation, made)
    }

    @Test("the same finding is made once, in the same storage or another; a different one anew")
    func sameFinding() {
        let cache = ViolationCache(codes: nil)
        let plan = Plan()
        let literal = RuleViolation("required")
        let (first, madeFirst) = Self.violation(cache, literal, plan: plan)
        #expect(madeFirst)
        let (again, madeAgain) = Self.violation(cache, RuleViolation("required"), plan: plan)
        #expect(!madeAgain && again === first, "the same bits")
        let code = String(["too", "long"].joined(separator: "_"))
        let (long, _) = Self.violation(cache, RuleViolation(code, ["max": .number(5)]), plan: plan)
        let (equal, madeEqual) = Self.violation(cache, RuleViolation("too_long", ["max": .number(5)]), plan: plan)
        #expect(!madeEqual && equal === long, "equal in other storage")
        let (other, madeOther) = Self.violation(cache, RuleViolation("too_long", ["max": .number(6)]), plan: plan)
        #expect(madeOther && other !== long, "other arguments")
        let (otherPlan, madeOtherPlan) = Self.violation(cache, RuleViolation("too_long", ["max": .number(6)]), plan: Plan())
        #expect(madeOtherPlan && otherPlan !== other, "another plan's step")
    }

    @Test("a step that finds two things in turn keeps both: each is made once")
    func twoInTurn() {
        let cache = ViolationCache(codes: nil)
        let plan = Plan()
        let (short, _) = Self.violation(cache, RuleViolation("phone_too_short"), plan: plan)
        let (unused, _) = Self.violation(cache, RuleViolation("phone_not_in_use"), plan: plan)
        for _ in 0..<3 {
            let (shortAgain, madeShort) = Self.violation(cache, RuleViolation("phone_too_short"), plan: plan)
            let (unusedAgain, madeUnused) = Self.violation(cache, RuleViolation("phone_not_in_use"), plan: plan)
            #expect(!madeShort && shortAgain === short)
            #expect(!madeUnused && unusedAgain === unused)
        }
        // A third pushes out the one used before the last.
        _ = Self.violation(cache, RuleViolation("phone_too_long"), plan: plan)
        #expect(!Self.violation(cache, RuleViolation("phone_not_in_use"), plan: plan).1)
        #expect(Self.violation(cache, RuleViolation("phone_too_short"), plan: plan).1)
    }

    @Test("the steps of sixteen plans made one after another keep their violations: at most two share a place")
    func planNumbersPlace() {
        let steps = [0, 1, 2, -1, -2]
        // Wherever the numbering stands when the plans are made.
        for first in stride(from: 1, through: 5001, by: 50) {
            var taken: [Int: Int] = [:]
            for number in first..<first + 16 {
                for step in steps { taken[ViolationCache.place(of: number, step: step), default: 0] += 1 }
            }
            #expect(taken.values.max()! <= 2, "plans \(first) to \(first + 15)")
        }
        // So a record that breaks each of them makes each violation once.
        let cache = ViolationCache(codes: nil)
        let plans = (0..<16).map { _ in Plan() }
        for round in 0..<3 {
            for plan in plans {
                for step in steps {
                    let made = withUnsafePointer(to: RuleViolation("required")) { found in
                        var made = false
                        _ = cache.violation(found, plan: plan, step: step) {
                            made = true
                            return Violation(field: "f", code: "required", message: "")
                        }
                        return made
                    }
                    #expect(made == (round == 0), "plan \(plan.number), step \(step), round \(round)")
                }
            }
        }
    }

    @Test("a violation holds its plan, so that a plan made later cannot come to its address")
    func planIsHeld() {
        let cache = ViolationCache(codes: nil)
        weak var gone: Plan?
        do {
            let plan = Plan()
            gone = plan
            _ = Self.violation(cache, RuleViolation("required"), plan: plan)
        }
        #expect(gone != nil)
    }

    @Test("a violation made has its code's number in the form's codes, one number for each code")
    func numbered() {
        let codes = ViolationCodes()
        let cache = ViolationCache(codes: codes)
        let (required, _) = Self.violation(cache, RuleViolation("required"), plan: Plan())
        let (long, _) = Self.violation(cache, RuleViolation("too_long", ["max": .number(5)]), plan: Plan())
        let (again, madeAgain) = Self.violation(cache, RuleViolation("too_long", ["max": .number(6)]), plan: Plan())
        #expect(madeAgain)
        #expect(required.code == codes.number(of: "required"))
        #expect(long.code == codes.number(of: "too_long") && again.code == long.code)
        #expect(required.code != long.code)
        #expect(codes.codes(upTo: .max) == ["required", "too_long"])
        #expect(ViolationCache(codes: nil).made(Violation(field: "f", code: "required", message: "")).code == -1)
    }
}
