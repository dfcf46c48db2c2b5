/// An error from Vouch: what went wrong, and where.
///
/// `code` is stable and machine-readable; `message` says what was wrong and what was expected;
/// `path` and `file` say where: a JSON path inside a form spec or pack (`fields[2].rules[0].max`),
/// the file, or both (`location` joins them: `pack.json: messages.too_short`).
public struct VouchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of failure. New codes may be added in later versions.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No rule, formatter or kind is registered under the name.
        public static let unknownName = Code(rawValue: "unknown_name")
        /// A parameter the rule, formatter or kind does not take.
        public static let unknownParameter = Code(rawValue: "unknown_parameter")
        /// A required parameter was not given.
        public static let missingParameter = Code(rawValue: "missing_parameter")
        /// A parameter has the wrong JSON type or an invalid value.
        public static let invalidParameter = Code(rawValue: "invalid_parameter")
        /// A regular expression that PCRE2 cannot compile.
        public static let badRegex = Code(rawValue: "bad_regex")
        /// A message template that ICU MessageFormat cannot parse.
        public static let badMessage = Code(rawValue: "bad_message")
        /// Registering a name that is already taken, without asking to replace it.
        public static let nameTaken = Code(rawValue: "name_taken")
        /// A form spec that is not valid (the location is a JSON path).
        public static let invalidSpec = Code(rawValue: "invalid_spec")
        /// A document that is not JSON.
        public static let invalidJSON = Code(rawValue: "invalid_json")
        /// A locale pack that is not valid.
        public static let invalidPack = Code(rawValue: "invalid_pack")
        /// A locale tag that ICU and the loaded packs do not know.
        public static let unknownLocale = Code(rawValue: "unknown_locale")
        /// A record or value that cannot be read (not an object, wrong type of value).
        public static let invalidInput = Code(rawValue: "invalid_input")
        /// A plugin that cannot be loaded: missing, not a plugin, an ABI it cannot speak, unsafe
        /// permissions, or an init that failed.
        public static let invalidPlugin = Code(rawValue: "invalid_plugin")
        /// A file that cannot be read.
        public static let io = Code(rawValue: "io")
    }

    public let code: Code
    public let message: String
    /// Where inside a document the problem is, if known: a JSON path (`fields[2].rules[0].max`).
    public let path: String?
    /// The file the problem is in or about, if known (`pack.json`, `signup.form.json`).
    public let file: String?

    /// `location` is a JSON path, or for file errors the file.
    public init(_ code: Code, _ message: String, at location: String? = nil) {
        self.init(code, message, path: code == .io ? nil : location, file: code == .io ? location : nil)
    }

    public init(_ code: Code, _ message: String, path: String?, file: String?) {
        self.code = code
        self.message = message
        self.path = path.flatMap { $0.isEmpty ? nil : $0 }
        self.file = file.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Where the problem is, as one text: the JSON path, the file, or `file: path`.
    public var location: String? {
        switch (file, path) {
        case (let file?, let path?): "\(file): \(path)"
        case (let file?, nil): file
        case (nil, let path?): path
        case (nil, nil): nil
        }
    }

    public var description: String {
        if let location { return "\(location): \(message)" }
        return message
    }

    /// The same error, located inside the file `path` (`pack.json: messages.required`).
    public func inFile(_ file: String) -> VouchError {
        VouchError(code, message, path: path, file: self.file ?? file)
    }
}
