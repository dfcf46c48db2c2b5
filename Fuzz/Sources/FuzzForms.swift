import Vouch

/// The registry and fixed forms the targets share, built once per process.
enum FuzzForms {
    /// The repository, found from this file: the fuzz executable reads the example forms in place.
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static let registry = Registry()

    static func form(_ relativePath: String) -> FormSchema {
        do {
            return try FormSchema(file: root + "/" + relativePath, registry: registry)
        } catch {
            fatalError("vouch-fuzz: cannot read \(relativePath): \(error)")
        }
    }

    /// The forms records are checked against: the signup example (en-US), and one with the other
    /// kinds, formatters, conditions and form-level rules (de-DE).
    static let checked: [FormSchema] = [
        form("Examples/signup.form.json"),
        form("Fuzz/forms/kinds.form.json"),
    ]
}
