/// How a UI should present a field: keyboard, capitalization, autocorrection, secure entry, length.
///
/// Vouch does not draw anything; these are data for the UI layer (UIKit's text input traits, the
/// DOM's input attributes).
public struct InputHints: Sendable, Hashable {
    /// The keyboard a touch UI should show.
    public enum Keyboard: String, Sendable, Hashable, CaseIterable {
        case standard = "default"
        case numberPad = "number_pad"
        case decimalPad = "decimal_pad"
        case phonePad = "phone_pad"
        case email
        case url
    }

    /// The control that edits the field.
    public enum Control: String, Sendable, Hashable, CaseIterable {
        case text
        case multilineText = "multiline_text"
        case picker
        case datePicker = "date_picker"
        /// An on/off switch or a checkbox.
        case toggle = "switch"
        case timePicker = "time_picker"
        /// A date and time picker.
        case dateTimePicker = "datetime_picker"
        case tokens
        /// Display only, never edited.
        case display
    }

    public var control: Control
    public var keyboard: Keyboard
    public var capitalization: Capitalization
    public var autocorrection: Bool
    /// Secure entry: the value is hidden on screen and never appears in messages or output.
    public var secureEntry: Bool
    /// The most characters the UI should let the user type, if limited.
    public var maxLength: Int?
    /// The HTML `autocomplete` token (`email`, `tel`, `postal-code`), which also tells password
    /// managers and autofill what the field holds.
    public var autocomplete: String?
    /// A currency symbol to show beside a money field.
    public var currencySymbol: String?
    /// A number's unit of measure, to show beside the field (`kg`), if it has one.
    public var unit: UnitLabel?
    /// The return key the field asks for (`search`, `send`…); nil: `next`, or `done` at the form's
    /// last editable field (``Form/returnKey(for:)``).
    public var returnKey: ReturnKey?
    /// The smallest value the field takes, as its canonical value (`0`, `0.5`, `1982-02-22`,
    /// `09:00`), for a stepper or a picker; nil without a `min`. A bound relative to today or now
    /// (`today-18y`) is the one of the moment the form was built.
    public var minimum: String?
    /// The largest value the field takes, as ``minimum`` is the smallest; nil without a `max`.
    public var maximum: String?
    /// The step between the values a stepper offers, as a canonical number: `1` for a whole
    /// number, `0.01` for a decimal of at most two decimals; nil for any step.
    public var step: String?

    public init(
        control: Control = .text, keyboard: Keyboard = .standard, capitalization: Capitalization = .sentences,
        autocorrection: Bool = true, secureEntry: Bool = false, maxLength: Int? = nil, autocomplete: String? = nil,
        currencySymbol: String? = nil, returnKey: ReturnKey? = nil
    ) {
        self.control = control
        self.keyboard = keyboard
        self.capitalization = capitalization
        self.autocorrection = autocorrection
        self.secureEntry = secureEntry
        self.maxLength = maxLength
        self.autocomplete = autocomplete
        self.currencySymbol = currencySymbol
        self.returnKey = returnKey
    }

    /// A unit of measure and its labels in the form's locale, from ICU's measure formatting.
    public struct UnitLabel: Sendable, Hashable {
        /// The CLDR unit identifier the spec gave (`kilogram`).
        public let identifier: String
        /// The short label (`kg`, `кг`).
        public let short: String
        /// The long label, as written beside the number 2 (`kilograms`).
        public let long: String
    }

    /// Numeric pads have no return key: a UI should add a toolbar with next/done above them,
    /// unless the field asks for no action (`return_key` `default`).
    public var needsAccessoryToolbar: Bool {
        guard returnKey != .default else { return false }
        return switch keyboard {
        case .numberPad, .decimalPad, .phonePad: control == .text
        case .standard, .email, .url: false
        }
    }
}

extension InputHints {
    /// What to show on the return key of a field: UIKit's return key types. A field's hints may
    /// name one (`"return_key": "search"`); otherwise it is `next`, or `done` at the last editable
    /// field.
    public enum ReturnKey: String, Sendable, Hashable, CaseIterable {
        /// The keyboard's own return key.
        case `default`
        case go
        case search
        case send
        /// Join a network or a game.
        case join
        /// Find a route.
        case route
        /// Go on to the next step.
        case `continue`
        /// The last editable field: finish the form.
        case done
        /// Go to the next editable field.
        case next

        /// The HTML `enterkeyhint` value with the same meaning: `enter`, `go`, `search`, `send`,
        /// `done` or `next` (HTML has no `join` or `route`, which go somewhere: `go`; `continue`
        /// moves on: `next`).
        public var enterKeyHint: String {
            switch self {
            case .default: "enter"
            case .go, .join, .route: "go"
            case .search: "search"
            case .send: "send"
            case .continue, .next: "next"
            case .done: "done"
            }
        }
    }
}
