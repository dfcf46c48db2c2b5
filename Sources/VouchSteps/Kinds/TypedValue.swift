/// A field's value once checked: its canonical form for storage and its display form for people.
///
/// Phone: `+15551234567` / `(555) 123-4567`; date: `1982-02-22` / `02/22/1982`;
/// money: `1234.50 EUR` / `1.234,50 €`; tokens: an array / `a, b, and c`.
public struct TypedValue: Sendable, Hashable, CustomStringConvertible {
    /// The storage form, as JSON (a string, a number, or an array for tokens).
    public var canonical: JSONValue
    /// The form shown to people, in the locale's notation.
    public var display: String

    public init(canonical: JSONValue, display: String) {
        self.canonical = canonical
        self.display = display
    }

    /// A text value whose canonical and display forms are the text itself.
    public init(text: String) {
        self.init(canonical: .string(text), display: text)
    }

    public var description: String { display }
}
