@_spi(VouchInternal) import VouchBase

/// `capitalize_name`: capitalizes a person's name as its owner meant it. A word typed all in lower or all in
/// upper case takes the locale's capitalization (`o'neil` gives `O'Neil`, `JÜRGEN` gives
/// `Jürgen`, `ijsbrand` in Dutch `IJsbrand`); a word whose capitals the user chose stays as
/// typed (`McDonald`, `DeShawn`, `d'Artagnan`); the locale's name particles (`van`, `van der`, `von`,
/// `da`, `bin`, …, from its packs) are lower case between two words (`Ludwig van Beethoven`, also
/// when typed `Van`, as typing capitalizes a word before the next one shows it is a particle),
/// the first word capitalized (`Van der Berg`), except in a family name (`part: family`), where a
/// particle typed in lower case stays so (`von Bülow`). The parts of a hyphenated word count as words.
struct NameFormatter: ByteFormatter {
    static let definition = FormatterDefinition(
        "capitalize_name", summary: "Capitalizes a name's words typed all in lower or upper case; keeps mixed case and particles.",
        parameters: [Self.partParameter]
    ) { parameters, context in
        NameFormatter(
            locale: context.locale.icuLocale, particles: context.locale.nameParticles, familyName: parameters.string("part") == "family")
    }

    /// Which part of a name the field holds: `full` (the default), `given` or `family`.
    static let partParameter = ParameterSpec(
        "part", .choice(["full", "given", "family"]),
        summary: "full (default), given or family: a family name may start with a lower-case particle")

    let rules: CaseMapping.Rules
    /// Whether the text is a family name alone, which may start with a particle (`von Bülow`).
    let familyName: Bool
    /// The particles, each as its words in lower case, the longest first.
    let particles: [[[UInt8]]]
    /// The ASCII letters particles start with, in either case, as bits: a word starting with
    /// another byte is no particle, without a comparison.
    private let particleStarts: (UInt64, UInt64)

    /// `particles` as the packs write them (`van der`).
    init(locale: String, particles: [String], familyName: Bool = false) {
        rules = CaseMapping.Rules(locale: locale)
        self.familyName = familyName
        self.particles =
            particles
            .map { $0.split(separator: " ").map { Array(CaseMapping.lower(String($0), locale: locale).utf8) } }
            .filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }
        var starts: (UInt64, UInt64) = (0, 0)
        for particle in self.particles {
            guard let first = particle[0].first, first < 0x80 else {
                starts = (.max, .max)  // a particle starting beyond ASCII: every word is compared
                break
            }
            for byte in [first, first.asciiUppercased] {
                if byte < 64 { starts.0 |= 1 << UInt64(byte) } else { starts.1 |= 1 << UInt64(byte - 64) }
            }
        }
        particleStarts = starts
    }

    var typingStyle: TypingStyle { .text }

    /// Capitalizing and lowering particles: nothing but the case of ASCII letters changes, unless
    /// the locale maps `i` to `İ` (Turkish, Azeri).
    var changesOnlyASCIICase: Bool { rules.asciiMapsByDefault }

    /// Whether the capitals of `part` (a word, or a part of a hyphenated one) are the user's
    /// choice: it has upper- and lower-case letters, and starts with a lower-case one
    /// (`d'Artagnan`) or has a capital that capitalizing it would lower (`McDonald`). A part in
    /// one case, or whose capitals are those capitalizing gives (`O'neil`, as typed letter by
    /// letter after `O'`), is capitalized.
    private func userChoseCapitals(_ part: ByteText) -> Bool {
        var lower = false
        var upper = false
        var firstIsLower: Bool?
        Self.forEachLetter(in: part) { isLower, isUpper in
            if firstIsLower == nil { firstIsLower = isLower }
            lower = lower || isLower
            upper = upper || isUpper
        }
        guard lower && upper else { return false }
        if firstIsLower == true { return true }
        var capitalized = ByteBuffer(capacity: part.count + 4)
        capitalizeUniform(part, into: &capitalized)
        var typed: [Bool] = []
        var written: [Bool] = []
        Self.forEachLetter(in: part) { _, isUpper in typed.append(isUpper) }
        Self.forEachLetter(in: capitalized.text) { _, isUpper in written.append(isUpper) }
        guard typed.count == written.count else { return true }
        return zip(typed, written).contains { $0 && !$1 }
    }

    private func mayStartParticle(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return particleStarts == (.max, .max) }
        return byte < 64 ? particleStarts.0 & 1 << UInt64(byte) != 0 : particleStarts.1 & 1 << UInt64(byte - 64) != 0
    }

    /// Whether `text` has an upper-case (or title-case) letter.
    private static func hasCapitals(_ text: ByteText) -> Bool { capitalsAndSpaces(text).hasCapitals }

    /// Whether `text` has an upper-case (or title-case) letter, and whether it has ASCII white
    /// space (what separates words), in one pass.
    private static func capitalsAndSpaces(_ text: ByteText) -> (hasCapitals: Bool, hasSpaces: Bool) {
        // ASCII eight bytes at a time (the last ones too, as a shorter word), two-byte Latin
        // letters a byte pair at a time; anything else by its properties.
        var hasCapitals = false
        var hasSpaces = false
        var index = 0
        while index < text.count {
            let word = text.word(at: index, length: min(8, text.count - index))
            if word & 0x8080_8080_8080_8080 == 0 {
                hasCapitals = hasCapitals || word.hasASCIIUppercase
                hasSpaces = hasSpaces || word.hasASCIIWhitespace
                index += 8
                continue
            }
            let byte = text[index]
            if byte < 0x80 {
                hasCapitals = hasCapitals || byte.isASCIIUppercase
                hasSpaces = hasSpaces || byte.isASCIIWhitespace
                index += 1
            } else if byte >= 0xC2, byte <= 0xCB, index + 1 < text.count {
                let scalar = UInt32(byte & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
                hasCapitals = hasCapitals || LatinScalars.isUppercase(scalar)
                index += 2
            } else {
                let rest = ByteText(rebasing: text[index...])
                if !hasCapitals { forEachLetter(in: rest) { _, isUpper in hasCapitals = hasCapitals || isUpper } }
                return (hasCapitals, hasSpaces || rest.contains(where: \.isASCIIWhitespace))
            }
        }
        return (hasCapitals, hasSpaces)
    }

    /// Whether `text` may be a particle as typed: in one case (`van`, `VAN`), or with its first
    /// letter only in upper case (`Van`, as typing capitalizes a word before the next one shows
    /// it is a particle); not `VaN`.
    private static func isParticleCasing(_ text: ByteText) -> Bool {
        var lower = false
        var upperAfterFirst = false
        var first = true
        forEachLetter(in: text) { isLower, isUpper in
            lower = lower || isLower
            if isUpper && !first { upperAfterFirst = true }
            first = false
        }
        return !(lower && upperAfterFirst)
    }

    /// Calls `body` with each cased letter of `text`: whether it is lower case, upper case.
    private static func forEachLetter(in text: ByteText, _ body: (Bool, Bool) -> Void) {
        if text.isASCII {
            for byte in text where byte.isASCIILetter { body(byte.isASCIILowercase, byte.isASCIIUppercase) }
            return
        }
        var bytes = text.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&bytes) {
            let isLower: Bool
            let isUpper: Bool
            if scalar.value < LatinScalars.end {
                isLower = LatinScalars.isLowercase(scalar.value)
                isUpper = LatinScalars.isUppercase(scalar.value)
            } else {
                let properties = scalar.properties
                isLower = properties.isLowercase
                isUpper = properties.isUppercase || properties.generalCategory == .titlecaseLetter
            }
            if isLower || isUpper { body(isLower, isUpper) }
        }
    }

    /// Writes `text` capitalized to `output`; false, with nothing written, when it stays as it is.
    func format(_ text: ByteText, into output: inout ByteBuffer) -> Bool {
        // One word without capitals (the common case) has no particle (a particle comes before
        // another word) and no capitals the user chose: capitalized in one pass, as below.
        let (hasCapitals, hasSpaces) = Self.capitalsAndSpaces(text)
        if !hasCapitals, !hasSpaces {
            let start = output.count
            if CaseMapping.capitalizeWords(text, rules: rules, lowercaseRest: true, into: &output) { return true }
            output.removeSubrange(start...)
        }
        // The words: runs of bytes between spaces, found once, on the stack.
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: text.count / 2 + 1) { buffer in
            var count = 0
            var index = 0
            while index < text.count {
                if text[index].isASCIIWhitespace {
                    index += 1
                    continue
                }
                let wordStart = index
                while index < text.count, !text[index].isASCIIWhitespace { index += 1 }
                buffer[count] = wordStart..<index
                count += 1
            }
            return format(text, words: UnsafeBufferPointer(rebasing: buffer[..<count]), hasCapitals: hasCapitals, into: &output)
        }
    }

    private func format(
        _ text: ByteText, words: UnsafeBufferPointer<Range<Int>>, hasCapitals: Bool, into output: inout ByteBuffer
    ) -> Bool {
        let start = output.count
        // Text without capitals (the common case) has no word whose capitals the user chose:
        // without particles either, it is capitalized in one pass.
        if !hasCapitals, !words.indices.contains(where: { particleLength(at: $0, of: words, in: text, hasCapitals: false) != nil }),
            CaseMapping.capitalizeWords(text, rules: rules, lowercaseRest: true, into: &output)
        {
            return true
        }
        // The separators between words are written as they are.
        var written = 0
        var word = 0
        while word < words.count {
            if let length = particleLength(at: word, of: words, in: text, hasCapitals: hasCapitals) {
                // A name that starts with a particle capitalizes its first word only (`Van der Berg`);
                // a family name keeps it as typed in lower case (`von Bülow`).
                for particle in word..<word + length {
                    output.append(contentsOf: text[written..<words[particle].lowerBound])
                    let bytes = ByteText(rebasing: text[words[particle]])
                    if particle == 0, !(familyName && !Self.hasCapitals(bytes)) {
                        capitalize(bytes, hasCapitals: hasCapitals, into: &output)
                    } else if !CaseMapping.map(bytes, toUpper: false, rules: rules, into: &output) {
                        output.append(contentsOf: bytes)
                    }
                    written = words[particle].upperBound
                }
                word += length
                continue
            }
            output.append(contentsOf: text[written..<words[word].lowerBound])
            capitalize(ByteText(rebasing: text[words[word]]), hasCapitals: hasCapitals, into: &output)
            written = words[word].upperBound
            word += 1
        }
        output.append(contentsOf: text[written...])
        if output.text(from: start).hasSameBytes(as: text) {
            output.removeSubrange(start...)
            return false
        }
        return true
    }

    /// The number of words of the longest particle that starts at `word`, typed in one case and
    /// followed by another word; nil for none.
    private func particleLength(
        at word: Int, of words: UnsafeBufferPointer<Range<Int>>, in text: ByteText, hasCapitals: Bool
    ) -> Int? {
        guard let first = text[words[word]].first, mayStartParticle(first) else { return nil }
        search: for particle in particles where word + particle.count < words.count {
            for (offset, expected) in particle.enumerated() {
                let bytes = ByteText(rebasing: text[words[word + offset]])
                guard bytes.count == expected.count, !hasCapitals || Self.isParticleCasing(bytes),
                    zip(bytes, expected).allSatisfy({ $0.asciiLowercased == $1 })
                else { continue search }
            }
            return particle.count
        }
        return nil
    }

    /// A word, each of its hyphenated parts capitalized when typed in one case.
    private func capitalize(_ word: ByteText, hasCapitals: Bool, into output: inout ByteBuffer) {
        var partStart = 0
        for index in 0...word.count where index == word.count || word[index] == .hyphen {
            let part = ByteText(rebasing: word[partStart..<index])
            if part.isEmpty || (hasCapitals && userChoseCapitals(part)) {
                output.append(contentsOf: part)
            } else {
                capitalizeUniform(part, into: &output)
            }
            if index < word.count { output.append(.hyphen) }
            partStart = index + 1
        }
    }
}

extension NameFormatter {
    /// `part` capitalized by the locale's rules, the rest of it lowered.
    fileprivate func capitalizeUniform(_ part: ByteText, into output: inout ByteBuffer) {
        if !CaseMapping.capitalizeWords(part, rules: rules, lowercaseRest: true, into: &output) {
            output.append(contentsOf: CaseMapping.capitalize(part.string, mode: .words, locale: rules.locale).utf8)
        }
    }
}

extension NameFormatter {
    func format(_ text: ByteText, into output: inout ByteBuffer, scratch: inout CheckScratch) -> Bool {
        format(text, into: &output)
    }
}
