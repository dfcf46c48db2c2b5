/// What the steps that read other fields of a record know of its form: the fields' names, their
/// places, and how each one's value reads as a typed value.
@_spi(VouchInternal) public final class FormFields: Sendable {
    /// The names, at their fields' places in the form.
    public let names: [String]
    public let indexByName: [String: Int]
    /// Each field's value converter (its kind's), at its place.
    let converters: [any ValueConverter]

    package init(names: [String], converters: [any ValueConverter]) {
        self.names = names
        self.converters = converters
        var index: [String: Int] = [:]
        for (offset, name) in names.enumerated() { index[name] = offset }
        indexByName = index
    }
}
