/// What a phone number reaches, as libphonenumber tells numbers apart.
public enum PhoneNumberType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case fixedLine = "fixed_line"
    case mobile
    /// A number of a region whose fixed-line and mobile numbers cannot be told apart (the US).
    case fixedLineOrMobile = "fixed_line_or_mobile"
    case tollFree = "toll_free"
    case premiumRate = "premium_rate"
    case sharedCost = "shared_cost"
    case voip
    case personalNumber = "personal_number"
    case pager
    /// A Universal Access Number: one number for a company's many offices.
    case uan
    case voicemail

    /// The types a field may be restricted to (`fixed_line_or_mobile` is not one: it is either).
    public static let restrictable: [PhoneNumberType] = allCases.filter { $0 != .fixedLineOrMobile }

    /// Whether a number of this type is one of `types`: `fixed_line_or_mobile` is accepted by
    /// either of its two.
    public func isAccepted(by types: Set<PhoneNumberType>) -> Bool {
        self == .fixedLineOrMobile ? types.contains(.fixedLine) || types.contains(.mobile) : types.contains(self)
    }

    public var description: String { rawValue }
}
