import Testing

@_spi(VouchInternal) @testable import VouchBase

/// The table of Latin scalars answers as the standard library's Unicode properties do, for every
/// scalar it covers: ASCII from its bytes, the rest from the table.
@Suite("Unicode properties of the Latin scalars")
struct LatinScalarsTests {
    static func single(_ mapping: String) -> UInt32? {
        let scalars = mapping.unicodeScalars
        return scalars.count == 1 ? scalars.first!.value : nil
    }

    @Test("each scalar below U+0300 has the standard library's properties and case mappings")
    func everyScalar() {
        var checked = 0
        for value in 0..<LatinScalars.end {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let upper = properties.isUppercase || properties.generalCategory == .titlecaseLetter
            #expect(LatinScalars.isAlphabetic(value) == properties.isAlphabetic, "U+\(String(value, radix: 16)) alphabetic")
            #expect(LatinScalars.isLowercase(value) == properties.isLowercase, "U+\(String(value, radix: 16)) lowercase")
            #expect(LatinScalars.isUppercase(value) == upper, "U+\(String(value, radix: 16)) uppercase")
            #expect(LatinScalars.uppercase(value) == Self.single(properties.uppercaseMapping), "U+\(String(value, radix: 16)) upper-cased")
            #expect(LatinScalars.lowercase(value) == Self.single(properties.lowercaseMapping), "U+\(String(value, radix: 16)) lower-cased")
            checked += 1
        }
        #expect(checked == 0x300)
        #expect(LatinScalars.uppercase(0xDF) == nil, "ß upper-cases to two scalars, SS")
        #expect(LatinScalars.uppercase(0x61) == 0x41 && LatinScalars.lowercase(0xC9) == 0xE9)
    }
}
