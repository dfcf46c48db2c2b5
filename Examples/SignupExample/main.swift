// Validates the signup records in Examples/signups.jsonl against Examples/signup.form.json and
// prints one JSON object per record, as `vouch check` does.
//
//     swift run signup-example [FORM.json] [RECORDS.jsonl]
#if canImport(Glibc)
    import Glibc
#endif
import Vouch

/// Writes a line to standard error.
func printError(_ message: String) {
    let line = "signup-example: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// The bytes of a file, or nil with a message on stderr.
func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else {
        printError("cannot open \(path): \(String(cString: strerror(errno)))")
        return nil
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}

let arguments = CommandLine.arguments.dropFirst()
let formPath = arguments.first ?? "Examples/signup.form.json"
let recordsPath = arguments.dropFirst().first ?? "Examples/signups.jsonl"
guard let spec = readFile(formPath), let records = readFile(recordsPath) else { exit(2) }

let registry = Registry()
let form: FormSchema
do {
    form = try FormSchema(json: spec, registry: registry)
} catch {
    printError("\(formPath): \(error)")
    exit(2)
}

var allValid = true
for (number, line) in records.split(separator: UInt8(ascii: "\n")).enumerated() {
    var output: JSONObject = ["record": .number(Double(number + 1))]
    do {
        guard let record = try JSONParser().parse(line).objectValue else {
            throw VouchError(.invalidInput, "a record is a JSON object")
        }
        let result = form.validate(record)
        for (key, value) in result.json().objectValue! { output[key] = value }
        allValid = allValid && result.isValid
    } catch {
        output["valid"] = false
        output["errors"] = [["code": "invalid_input", "message": .string("\(error)")]]
        allValid = false
    }
    print(JSONValue.object(output).jsonText)
}
exit(allValid ? 0 : 1)
