/// The hint that ends an "unknown name" error: the known name a mistyped one was probably meant
/// to be (`emial` → `email`), or, for a namespaced name (`card.number`), the plugin that
/// provides the namespace when it can be found but is not loaded.
package enum NameSuggestion {
    /// The known name closest to `name`, when one is at most two edits away; the first of equals.
    package static func closest(to name: String, among names: some Sequence<String>) -> String? {
        let limit = 2
        var best: (name: String, distance: Int)?
        for candidate in names.sorted() where candidate != name {
            let distance = editDistance(name, candidate)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// ` (did you mean "email"?)`, or nothing when no known name is close.
    package static func didYouMean(_ name: String, among names: some Sequence<String>) -> String {
        closest(to: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// ` ("card." names come from the plugin "card", at PATH, which is not loaded: --plugin card)`
    /// for a name in the namespace of a plugin that can be found by name (along
    /// `VOUCH_PLUGIN_PATH`, then beside Vouch) and is not in `registry`; nothing otherwise.
    package static func plugin(for name: String, registry: Registry) -> String {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return "" }
        let namespace = String(name[..<dot])
        guard !registry.plugins.contains(where: { $0.name == namespace }),
            let path = try? PluginLoader.resolve(namespace)
        else { return "" }
        return " (\"\(namespace).\" names come from the plugin \"\(namespace)\", at \(path), which is not loaded: --plugin \(namespace))"
    }

    /// Levenshtein distance between two names, in Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
