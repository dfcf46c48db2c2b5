import Vouch
@_spi(VouchInternal) import VouchBase

/// The JSON parser: any bytes are parsed or refused with a position inside them, and what is
/// parsed writes back to JSON that parses to the same value.
enum JSONParserTarget {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let value: JSONValue
        do {
            value = try JSONParser().parse(bytes)
        } catch {
            expect(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
            expect(error.line >= 1 && error.column >= 1, "error at line \(error.line), column \(error.column)")
            _ = error.description
            // A shallow limit must refuse, not crash, too.
            _ = try? JSONParser(maxDepth: 3).parse(bytes)
            return
        }
        var written: [UInt8] = []
        JSONWriter.write(value, into: &written)
        let again: JSONValue
        do {
            again = try JSONParser().parse(written)
        } catch {
            fatalError("JSONWriter wrote what the parser refuses: \(error)\n\(String(decoding: written, as: UTF8.self))")
        }
        expect(again == value, "a round trip changed the value:\n\(value)\n\(again)")
        var pretty: [UInt8] = []
        JSONWriter.write(value, into: &pretty, pretty: true)
        expect((try? JSONParser().parse(pretty)) == value, "the pretty form does not parse back")
    }
}
