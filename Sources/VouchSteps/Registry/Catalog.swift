/// The definitions of one category, rules, formatters or kinds, under their names and aliases.
struct Catalog<Step>: Sendable {
    /// How messages name the category: `rule`, `formatter`, `kind`.
    let category: String
    private var definitions: [String: StepDefinition<Step>] = [:]
    /// Every name and alias, to the name of its definition.
    private var owners: [String: String] = [:]

    init(category: String) { self.category = category }

    /// The definition registered under `name` or one of its aliases.
    func definition(named name: String) -> StepDefinition<Step>? { owners[name].flatMap { definitions[$0] } }

    /// Every definition, sorted by name.
    var sorted: [StepDefinition<Step>] { definitions.values.sorted { $0.name < $1.name } }

    /// Every name and alias.
    var names: [String] { Array(owners.keys) }

    /// Adds `definition` under its name and aliases. Throws `name_taken` if one is taken and
    /// `replacing` is false; replacing a definition by one of its names removes it and its other names.
    mutating func add(_ definition: StepDefinition<Step>, replacing: Bool) throws(VouchError) {
        let names = [definition.name] + definition.aliases
        for name in names {
            guard Registry.isValidName(name) else {
                throw VouchError(
                    .invalidParameter,
                    "\"\(name)\" is not a valid \(category) name: use lower-case letters, digits and '_', in parts separated by '.'")
            }
            guard let owner = owners[name] else { continue }
            guard replacing else {
                throw VouchError(.nameTaken, "a \(category) named \"\(name)\" is already registered; pass replacing: true to replace it")
            }
            definitions[owner] = nil
            owners = owners.filter { $0.value != owner }
        }
        definitions[definition.name] = definition
        for name in names { owners[name] = definition.name }
    }
}
