/// A broken invariant stops the process with its message, which libFuzzer reports with the input.
/// (`precondition` drops its message in optimized builds, where the fuzz targets run.)
func expect(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
