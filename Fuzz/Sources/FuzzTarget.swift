/// A fuzz target: a name to choose it by, what it prepares once (forms, registries), and what it
/// does with one input. A broken invariant is a `fatalError` (see ``expect``), which libFuzzer
/// reports as a crash with its input.
struct FuzzTarget {
    let name: String
    var setUp: () -> Void = {}
    let run: (UnsafeBufferPointer<UInt8>) -> Void

    nonisolated(unsafe) static let all: [FuzzTarget] = [
        FuzzTarget(name: "json", run: JSONParserTarget.run),
        FuzzTarget(name: "form-spec", setUp: { _ = FuzzForms.registry }, run: FormSpecTarget.run),
        FuzzTarget(name: "pack", setUp: { _ = FuzzForms.registry }, run: PackTarget.run),
        FuzzTarget(name: "check-jsonl", setUp: { _ = FuzzForms.checked }, run: JSONLinesTarget.run),
        FuzzTarget(name: "check-csv", setUp: { _ = FuzzForms.checked }, run: CSVTarget.run),
        FuzzTarget(name: "edit", setUp: { _ = EditingTarget.forms }, run: EditingTarget.run),
        FuzzTarget(name: "c-api", setUp: CAPITarget.setUp, run: CAPITarget.run),
    ]
}
