@_spi(VouchInternal) import VouchBase

/// A locale's postal codes: which are valid, and how they are written.
///
/// A locale's settings are its region's from Google's address metadata (``PostalCodeData``), with
/// the `kinds.postal_code` of its packs laid over them key by key. A locale with no pattern (no
/// region, a region without postal codes, and no pack that gives one) has no postal codes: the
/// `zip` kind, the `postal_code` rule and the `postal_code` formatter refuse to be built for it
/// (``required(by:)``).
public struct PostalCodeFormat: Sendable {
    /// What a valid code looks like once normalized (`^\d{5}(-\d{4})?$` for the US); `nil` when the
    /// locale has no postal codes.
    public let pattern: RegexPattern?
    /// How a code is shown (`#####-###` for Brazil, `AA99 9AA` and its shorter forms for Great
    /// Britain); empty keeps it as typed.
    public let masks: MaskSet
    /// The longest code, as typed with its separators.
    public let maxLength: Int?
    /// Whether codes are digits only, so a number pad fits.
    public let numeric: Bool
    /// A valid code, for messages and placeholders.
    public let example: String?
    /// The locale the format is for (`es-ES`), and its region (`ES`) if it has one, for messages.
    let locale: String
    let region: String?

    /// Tells formats apart, for what a thread remembers of its last normalized code.
    let identity = StepIdentity()
    /// Whether normalizing a normalized ASCII code gives it back (see ``MaskSet/keepsLaidOutText``).
    let normalizesOnce: Bool
    /// Where a thread keeps the last code a postal code format normalized, shared by the postal
    /// code formatters and rules of every format. Held after the `Bool`, in the room it leaves: a
    /// format is copied on the checking path, and copying more than 128 bytes calls `memcpy`.
    let lastNormalized = PostalCodeFormat.normalizedCodes
    static let normalizedCodes = ScratchSlot<LastText>()

    init(
        pattern: RegexPattern?, masks: MaskSet, maxLength: Int?, numeric: Bool, example: String?, locale: String = "root",
        region: String? = nil
    ) {
        self.locale = locale
        self.region = region
        self.normalizesOnce = masks.keepsLaidOutText
        self.pattern = pattern
        self.masks = masks
        self.maxLength = maxLength
        self.numeric = numeric
        self.example = example
    }

    /// The code as it is stored and shown: upper case, single spaces, in its mask when one fits.
    public func normalize(_ text: String) -> String {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased()
        return masks.apply(collapsed) ?? collapsed
    }

    /// Whether a normalized code is valid.
    public func isValid(_ normalized: String) -> Bool { pattern?.matches(normalized) ?? !normalized.isEmpty }

    /// Whether the locale has postal codes: a pattern from the address metadata or a pack.
    public var isKnown: Bool { pattern != nil }
}

extension PostalCodeFormat {
    /// The format of a locale: `region`'s settings in the address metadata with `pack` (the merged
    /// `kinds.postal_code` of the locale's packs) laid over them.
    init(
        locale: String, region: String?, pack: JSONObject?, data: PostalCodeData = .embedded, regexCache: RegexCache,
        regexLimits: RegexLimits
    ) throws(VouchError) {
        var settings = region.flatMap { data.settings(forRegion: $0) } ?? JSONObject()
        if let pack { settings = settings.merging(pack) }
        var pattern: RegexPattern?
        if let source = settings["pattern"]?.stringValue {
            do {
                pattern = try regexCache.pattern(source, wholeValue: true, limits: regexLimits)
            } catch {
                throw VouchError(.badRegex, "locale \(locale): \(error)", at: "kinds.postal_code.pattern")
            }
        }
        self.init(
            pattern: pattern, masks: MaskSet(json: settings["masks"]) ?? MaskSet([]), maxLength: settings["max_length"]?.intValue,
            numeric: settings["keyboard"]?.stringValue == "number_pad", example: settings["example"]?.stringValue, locale: locale,
            region: region)
    }

    /// This format, for a kind, rule or formatter being built; throws when the locale has no
    /// postal codes, naming the locale and what was being built, rather than accept any text.
    func required(by context: BuildContext) throws(VouchError) -> PostalCodeFormat {
        guard !isKnown else { return self }
        let why: String
        if let region {
            why =
                PostalCodeData.embedded.knows(region)
                ? "\(region) has none in the address metadata" : "the address metadata does not know the region \(region)"
        } else {
            why = "it names no country (use one that does, such as \"es-ES\")"
        }
        throw VouchError(
            .invalidSpec, context.describe("locale \"\(locale)\" has no postal codes: \(why), and no pack gives kinds.postal_code"),
            at: context.path.description)
    }
}

extension PostalCodeFormat {
    /// ``normalize(_:)`` of UTF-8 bytes, appended to `output`; ASCII text without `String`s.
    func normalize(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) {
        guard text.isASCII else { return output.append(contentsOf: normalize(text.string).utf8) }
        // Words split at white space, joined by one space, in upper case.
        var collapsed = ByteBuffer()
        swap(&collapsed, &scratch.temporary)
        defer { swap(&collapsed, &scratch.temporary) }
        collapsed.removeAll()
        var inSpace = false
        for byte in text {
            if byte.isASCIIWhitespace {
                inSpace = true
                continue
            }
            if inSpace && !collapsed.isEmpty { collapsed.append(.space) }
            inSpace = false
            collapsed.append(byte.asciiUppercased)
        }
        if masks.apply(ascii: collapsed.text, into: &output) != true { output.append(collapsed) }
    }
}
