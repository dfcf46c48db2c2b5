/// How a text field capitalizes what the user types.
public enum Capitalization: String, Sendable, CaseIterable {
    /// Leave the text as typed.
    case none
    /// An initial capital on every word: "Mary-Jane O'Neil".
    case words
    /// An initial capital on every sentence: "Hello. How are you?"
    case sentences
    /// Every letter in upper case, by the rules of the locale.
    case allCharacters = "all"
}
