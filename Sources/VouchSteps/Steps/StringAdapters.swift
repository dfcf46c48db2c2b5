@_spi(VouchInternal) import VouchBase

/// The `String` protocols of the steps that work on bytes, answered by their one body on bytes:
/// a built-in step has no `String` body of its own, so `Rule.check`, `TextFormatter.format` and
/// `ValueConverter.convert` called with a `String` (by a custom step, `vouch format`, an app)
/// give what the checking path gives.
package enum StringAdapters {
    /// Scratch space for `String` calls, shared by every thread.
    static let scratches = ObjectPool { Scratch() }

    /// One thread's scratch space, behind a pointer of its own so that using it costs no
    /// exclusivity check. Unchecked: it is used by one thread at a time, handed over through the
    /// pool's lock.
    final class Scratch: @unchecked Sendable {
        let space = UnsafeMutablePointer<CheckScratch>.allocate(capacity: 1)
        init() { space.initialize(to: CheckScratch()) }
        deinit {
            space.deinitialize(count: 1)
            space.deallocate()
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`, in place when it is stored contiguously.
    package static func withBytes<R>(_ text: String, _ body: (ByteText) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(ByteText(unsafeBuffer: $0)) }) { return result }
        var copy = text
        return copy.withByteText(body)
    }

    /// Calls `body` with scratch space no other thread is using.
    package static func withScratch<R>(_ body: (inout CheckScratch) -> R) -> R {
        scratches.withObject { body(&$0.space.pointee) }
    }
}

extension RuleContext {
    /// The same context for a step's byte body: the record around the field when there is one.
    func withByteContext<R>(_ body: (ByteContext) -> R) -> R {
        let record = others as? RecordView ?? .alone
        var context = ByteContext(locale: locale, record: record, wantsDisplay: true)
        context.now = now
        if let index = record.form?.indexByName[field] { context.fieldIndex = index } else { context.fieldName = field }
        return withExtendedLifetime(locale) { body(context) }
    }
}

extension ByteRule {
    package func check(_ value: String, context: RuleContext) -> [RuleViolation] {
        var found: [RuleViolation] = []
        StringAdapters.withScratch { scratch in
            context.withByteContext { byteContext in
                StringAdapters.withBytes(value) { check($0, context: byteContext, scratch: &scratch, into: &found) }
            }
        }
        return found
    }
}

extension ByteFormatter {
    func format(_ text: String) -> String {
        StringAdapters.withScratch { scratch in
            var output = ByteBuffer()
            let changed = StringAdapters.withBytes(text) { format($0, into: &output, scratch: &scratch) }
            return changed ? output.text.string : text
        }
    }
}

extension ByteValueConverter {
    package func convert(_ text: String, context: RuleContext) -> Conversion { convertThroughBytes(text, context: context) }

    /// The `String` protocol's conversion, by the byte body (for public types, whose witness must be public).
    func convertThroughBytes(_ text: String, context: RuleContext) -> Conversion {
        StringAdapters.withScratch { scratch in
            context.withByteContext { byteContext in
                var value = ValueBytes()
                var found: [RuleViolation] = []
                StringAdapters.withBytes(text) { convert($0, context: byteContext, scratch: &scratch, into: &value, violations: &found) }
                guard found.isEmpty else { return .violations(found) }
                return .value(value.isText ? TypedValue(text: text) : value.typed)
            }
        }
    }
}
