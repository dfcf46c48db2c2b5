@_spi(VouchInternal) import VouchBase

/// The keys of a `pack.json`, their types, and the checks that run when a pack is read.
enum PackSchema {
    struct Checked {
        let locale: String
        let version: String
    }

    /// What packs may set for each kind, as the kinds' definitions declare it.
    static let kindKeys: [String: [String: ParameterSpec.ValueType]] = Dictionary(
        uniqueKeysWithValues: BuiltIns.kinds.compactMap { definition in definition.packSettings.map { ($0.section, $0.keys) } })

    /// The most message templates one pack may hold.
    static let maximumMessages = 10_000
    static let topKeys: Set<String> = ["vouch_pack", "locale", "version", "messages", "kinds", "regions", "manual_entry"]

    private static let shape = JSONShape(code: .invalidPack)

    static func check(_ pack: JSONObject, parsesMessages: Bool = true) throws(VouchError) -> Checked {
        let path = JSONPath()
        try shape.checkKeys(pack, allowed: topKeys, at: path, "in a pack")
        guard let format = pack["vouch_pack"] else {
            throw VouchError(.invalidPack, "missing \"vouch_pack\", the pack format version (1)", at: "vouch_pack")
        }
        guard let number = format.intValue, LocalePack.supportedFormats.contains(number) else {
            throw VouchError(
                .invalidPack,
                "unknown pack format version \(format.jsonText); this Vouch reads version \(LocalePack.supportedFormats.upperBound)",
                at: "vouch_pack")
        }
        guard let tag = pack["locale"]?.stringValue else {
            throw VouchError(.invalidPack, "missing \"locale\", the pack's locale tag (e.g. \"en-US\")", at: "locale")
        }
        guard let locale = LocaleTag.canonical(tag), locale == "root" || LocaleTag.isKnown(locale) else {
            throw VouchError(.unknownLocale, "unknown locale tag \"\(tag)\"", at: "locale")
        }
        let version = try shape.string(pack["version"], at: path.appending("version")) ?? "0"

        if let messages = pack["messages"] {
            guard let messages = messages.objectValue else {
                throw shape.mismatch(messages, expected: "an object of message templates", at: path.appending("messages"))
            }
            // Each template is parsed by ICU as the pack loads, at every start: a bound on them is
            // a bound on that time (600,000 once took 11.6 s and 333 MB).
            guard messages.count <= Self.maximumMessages else {
                throw VouchError(
                    .invalidPack, "the pack has \(messages.count) messages; a pack holds at most \(Self.maximumMessages)",
                    at: path.appending("messages").description)
            }
            for (code, template) in messages {
                let at = path.appending("messages").appending(code)
                guard let text = try shape.string(template, at: at), parsesMessages else { continue }
                do {
                    _ = try MessageTemplate(text, locale: locale == "root" ? "en" : locale)
                } catch {
                    throw VouchError(.badMessage, "ICU cannot parse this message template: \(error)", at: at.description)
                }
            }
        }
        if let kinds = pack["kinds"] {
            let kinds = try shape.object(kinds, at: path.appending("kinds"), what: "kinds")
            for (kind, settings) in kinds {
                let at = path.appending("kinds").appending(kind)
                guard let allowed = kindKeys[kind] else {
                    throw VouchError(
                        .invalidPack, "packs cannot set kind \"\(kind)\" (they can set: \(kindKeys.keys.sorted().joined(separator: ", ")))",
                        at: at.description)
                }
                let settings = try shape.object(settings, at: at, what: "the settings of a kind")
                try shape.checkKeys(settings, allowed: allowed.keys, at: at, "for kind \"\(kind)\"")
                for (key, value) in settings {
                    guard let type = allowed[key], type.accepts(value) else {
                        throw shape.mismatch(value, expected: allowed[key]!.description, at: at.appending(key))
                    }
                    if type == .integer, value.intValue! < 0 {
                        throw shape.mismatch(value, expected: "a number of 0 or more", at: at.appending(key))
                    }
                }
                if let masks = settings["masks"], MaskSet(json: masks) == nil {
                    throw VouchError(
                        .invalidPack,
                        "masks are an array of masks with at least one slot (\"(###) ###-####\"), or of {\"mask\", \"prefix\"}",
                        at: at.appending("masks").description)
                }
                for key in ["pattern"] where settings[key] != nil && kind != "date" {
                    do {
                        _ = try RegexPattern(settings[key]!.stringValue!)
                    } catch {
                        throw VouchError(.badRegex, "bad regular expression: \(error)", at: at.appending(key).description)
                    }
                }
            }
        }
        if let regions = pack["regions"] {
            guard let items = regions.arrayValue else {
                throw shape.mismatch(regions, expected: "an array of {\"code\", \"name\"}", at: path.appending("regions"))
            }
            for (index, item) in items.enumerated() {
                let at = path.appending("regions").appending(index)
                guard let object = item.objectValue, object["code"]?.stringValue?.isEmpty == false, object["name"]?.stringValue != nil,
                    object.count == 2
                else {
                    throw VouchError(.invalidPack, "a region is {\"code\": \"CA\", \"name\": \"California\"}", at: at.description)
                }
            }
        }
        _ = try shape.string(pack["manual_entry"], at: path.appending("manual_entry"))
        return Checked(locale: locale, version: version)
    }
}
