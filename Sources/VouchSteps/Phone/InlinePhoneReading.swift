/// What text is as a phone number, on the checking path: a ``PhoneReading`` whose digits are
/// kept inline and whose region is an index, so that it is made and copied without a heap
/// allocation or reference counting.
enum InlinePhoneReading {
    /// A valid number of the plan at `region` among its country's plans.
    case valid(PhoneNumber, region: Int, type: PhoneNumberType)
    case invalid(PhoneNumberProblem)

    var isValid: Bool {
        if case .valid = self { return true }
        return false
    }
}
