@_spi(VouchInternal) import VouchBase

/// The locale packs a registry has, and the profiles merged from them.
///
/// Packs for one locale layer in the order they were added (a later pack overrides keys of an
/// earlier one), on top of the embedded pack of the locale if there is one; a profile merges the
/// packs along the locale's fallback chain, most general first (`root`, then `de`, then `de-CH`).
/// Embedded packs are read only when a profile needs them (``EmbeddedPacks``).
final class LocaleStore: Sendable {
    private struct State {
        var packs: [String: [LocalePack]] = [:]
        var profiles: [String: LocaleProfile] = [:]
        /// Counts changes to `packs`, so that a check made outside the lock knows it is current.
        var generation = 0
        /// How many profiles were built to check added packs (for tests: one per locale touched).
        var checksMade = 0
    }

    private let state = Lock(State())

    /// Adds a pack on top of those already there for its locale.
    func add(_ pack: LocalePack) {
        state.withLock { state in
            state.packs[pack.locale, default: []].append(pack)
            state.profiles.removeAll()
            state.generation += 1
        }
    }

    /// Adds packs all together, or none of them: each is laid over the packs already there, and
    /// the profile of each locale they touch must build (its merged data hold together).
    ///
    /// Each locale the packs touch is checked once, whatever the number of its packs, and the checks
    /// run outside the lock (others may look up profiles meanwhile); if packs were added in the
    /// meantime, the check is made again on top of them. A pack of messages alone (a plugin's)
    /// needs none: reading it compiled its templates, and messages change nothing else.
    func add(_ packs: [LocalePack], regexCache: RegexCache, regexLimits: RegexLimits) throws(VouchError) {
        while true {
            let (current, generation) = state.withLock { ($0.packs, $0.generation) }
            var candidate = current
            for pack in packs { candidate[pack.locale, default: []].append(pack) }
            var checked = Set<String>()
            for pack in packs where !pack.holdsMessagesOnly && checked.insert(pack.locale).inserted {
                do throws(VouchError) {
                    _ = try Self.makeProfile(pack.locale, packs: candidate, regexCache: regexCache, regexLimits: regexLimits)
                } catch {
                    throw error.inFile(pack.source)
                }
            }
            let committed = state.withLock { state in
                state.checksMade += checked.count
                guard state.generation == generation else { return false }
                state.packs = candidate
                state.profiles.removeAll()
                state.generation += 1
                return true
            }
            if committed { return }
        }
    }

    /// How many profiles were built to check added packs.
    var checksMade: Int { state.withLock { $0.checksMade } }

    /// Every locale with at least one pack, sorted.
    var locales: [String] { Set(EmbeddedPacks.locales).union(state.withLock { $0.packs.keys }).sorted() }

    func profile(for tag: String, regexCache: RegexCache, regexLimits: RegexLimits) throws(VouchError) -> LocaleProfile {
        guard let canonical = LocaleTag.canonical(tag) else {
            throw VouchError(.unknownLocale, "\"\(tag)\" is not a well-formed locale tag (such as \"en-US\")")
        }
        if let cached = state.withLock({ $0.profiles[canonical] }) { return cached }
        let packs = state.withLock { $0.packs }
        guard canonical == "root" || packs[canonical] != nil || EmbeddedPacks.has(canonical) || LocaleTag.isKnown(canonical) else {
            throw VouchError(.unknownLocale, "unknown locale \"\(tag)\": neither ICU nor a loaded pack knows it")
        }
        let profile = try Self.makeProfile(canonical, packs: packs, regexCache: regexCache, regexLimits: regexLimits)
        return state.withLock { state in
            if let raced = state.profiles[canonical] { return raced }
            state.profiles[canonical] = profile
            return profile
        }
    }
}

extension LocaleStore {
    /// The profile of a canonical tag: the packs along its fallback chain, most general first.
    fileprivate static func makeProfile(
        _ tag: String, packs: [String: [LocalePack]], regexCache: RegexCache, regexLimits: RegexLimits
    ) throws(VouchError) -> LocaleProfile {
        let chain = LocaleTag.fallbackChain(tag)
        var merged = JSONObject()
        let embedded = EmbeddedPacks.packs(chain.reversed())
        for locale in chain.reversed() {
            for pack in embedded.filter({ $0.locale == locale }) + (packs[locale] ?? []) {
                merged = merged.merging(pack.document)
            }
        }
        return try LocaleProfile(tag: tag, chain: chain, document: merged, regexCache: regexCache, regexLimits: regexLimits)
    }
}

extension JSONObject {
    /// This object with `other`'s keys laid over it; objects merge key by key, other values replace.
    func merging(_ other: JSONObject) -> JSONObject {
        var pairs = Array(self)
        var index: [String: Int] = [:]
        for (offset, pair) in pairs.enumerated() { index[pair.0] = offset }
        for (key, value) in other {
            if let at = index[key] {
                if case .object(let base) = pairs[at].1, case .object(let over) = value {
                    pairs[at].1 = .object(base.merging(over))
                } else {
                    pairs[at].1 = value
                }
            } else {
                index[key] = pairs.count
                pairs.append((key, value))
            }
        }
        return JSONObject(pairs)
    }
}
