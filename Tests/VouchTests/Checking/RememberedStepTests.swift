import Testing
@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// A thread's scratch outlives forms (the `String` calls of every form share one), so what a step
/// remembers there holds the step it came from: a step made later cannot come to the same address
/// and be taken for it.
@Suite("Remembered steps")
struct RememberedStepTests {
    @Test("the last text holds the step that wrote it")
    func lastTextHoldsItsStep() {
        var last = LastText()
        weak var writer: StepIdentity?
        Array("K1A 0B1".utf8).withUnsafeBufferPointer { bytes in
            let text = ByteText(unsafeBuffer: bytes)
            let step = StepIdentity()
            writer = step
            last.remember(text, by: step)
            let (same, other) = (last.isLast(text, by: step), last.isLast(text, by: StepIdentity()))
            #expect(same && !other)
        }
        #expect(writer != nil)
    }

    @Test("the last phone reading holds its plan's identity")
    func lastReadingHoldsItsPlan() throws {
        var last = LastPhoneReading()
        weak var reader: StepIdentity?
        try Array("2015550123".utf8).withUnsafeBufferPointer { bytes in
            let text = ByteText(unsafeBuffer: bytes)
            let plan = try Registry().locale("en-US").phone
            reader = plan.identity
            last.remember(.invalid(.notANumber), of: text, by: plan)
            let held = last.holds(text, by: plan)
            #expect(held)
        }
        #expect(reader != nil)
    }
}
