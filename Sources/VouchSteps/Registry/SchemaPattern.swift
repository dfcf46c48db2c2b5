/// ECMA-262 patterns (JSON Schema's dialect) for what Vouch takes: a whole value among texts, a
/// literal text in any case, a trimmed text's length; and whether a PCRE2 pattern reads the same.
public enum SchemaPattern {
    /// One of `texts` (any case when `ignoringCase`), with white space around it: the exact forms
    /// as an `enum` beside the pattern, for tools that offer a list.
    public static func choice(_ texts: [String], exact: [JSONValue], ignoringCase: Bool) -> JSONObject {
        let pattern: JSONValue = ["type": "string", "pattern": .string(wholeValue(texts, ignoringCase: ignoringCase))]
        return exact.isEmpty ? ["anyOf": [pattern]] : ["anyOf": [["enum": .array(exact)], pattern]]
    }

    /// Whether a PCRE2 pattern reads the same as ECMA-262 (JSON Schema's dialect), as far as a
    /// look at its syntax tells: no inline options, atomic groups, possessive quantifiers, POSIX
    /// classes, `\A` `\Z` `\z` `\G` `\Q` `\h` `\R` `\K` `\x{…}`, comments or verbs. Others are left
    /// to Vouch, and said in the `$comment`.
    public static func readsAlike(_ regex: String) -> Bool {
        let scalars = Array(regex.unicodeScalars)
        var index = 0
        var inClass = false
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "\\":
                if let next, "AZzGQEhHRKXCNogk".unicodeScalars.contains(next) { return false }
                if next == "x", index + 2 < scalars.count, scalars[index + 2] == "{" { return false }
                index += 2
                // A property, \p{L}: its braces are not a quantifier's.
                if next == "p" || next == "P", index < scalars.count, scalars[index] == "{" {
                    while index < scalars.count, scalars[index] != "}" { index += 1 }
                    index += 1
                }
                continue
            case "[":
                if next == ":" { return false }
                inClass = true
            case "]": inClass = false
            case "(" where !inClass && next == "?":
                let kind = index + 2 < scalars.count ? scalars[index + 2] : " "
                let lookbehind = kind == "<" && index + 3 < scalars.count && "=!".unicodeScalars.contains(scalars[index + 3])
                if !(":=!".unicodeScalars.contains(kind) || lookbehind) { return false }
            case "(" where !inClass && next == "*": return false
            case "*", "+", "?", "}":
                if !inClass, next == "+" { return false }
            default: break
            }
            index += 1
        }
        return true
    }

    /// An ECMA-262 pattern for a text of `min` to `max` characters that starts and ends with a
    /// character other than white space: a trimmed text's length, said of the text before trimming.
    public static func trimmedLength(min: Int, max: Int?) -> String {
        let upper = max.map { String(Swift.max(0, $0 - 2)) } ?? ""
        if let max, max <= 1 { return max == 1 ? #"\S"# : "(?!)" }
        if min <= 1 { return #"\S(?:[\s\S]{0,"# + upper + #"}\S)?"# }
        return #"\S[\s\S]{"# + String(min - 2) + "," + upper + #"}\S"#
    }

    /// An ECMA-262 pattern for exactly one of `texts`, white space around it allowed.
    public static func wholeValue(_ texts: [String], ignoringCase: Bool) -> String {
        "^\\s*(?:" + texts.map { literal($0, ignoringCase: ignoringCase) }.joined(separator: "|") + ")\\s*$"
    }

    /// `text` as an ECMA-262 pattern: syntax characters escaped, and each cased letter as `[aA]`
    /// when `ignoringCase` (a pattern has no flags in JSON Schema).
    public static func literal(_ text: String, ignoringCase: Bool) -> String {
        var pattern = ""
        for character in text {
            let lower = character.lowercased()
            let upper = character.uppercased()
            if ignoringCase, lower != upper, lower.count == 1, upper.count == 1 {
                pattern += "[" + lower + upper + "]"
            } else if "\\^$.|?*+()[]{}/-".contains(character) {
                pattern += "\\" + String(character)
            } else {
                pattern.append(character)
            }
        }
        return pattern
    }
}
