@_spi(VouchInternal) import VouchBase

@testable import Vouch
@testable import VouchPlan
@testable import VouchSteps

/// Loading a locale pack: any bytes are a pack or a `VouchError`; a pack is added to a registry of
/// its own (each input starts from the embedded packs), and a pack the registry takes gives a
/// locale that builds the signup form, checks records and writes every message.
enum PackTarget {
    /// The signup spec, parsed once; each pack's locale is put in it.
    static let spec: JSONObject = {
        guard
            case .object(let spec)? = try? JSONParser().parse(FileBytes.read(FuzzForms.root + "/Examples/signup.form.json", limit: 1 << 20))
        else { fatalError("vouch-fuzz: cannot read Examples/signup.form.json") }
        return spec
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let pack: LocalePack
        do {
            pack = try LocalePack(json: bytes, source: "fuzz/pack.json")
        } catch {
            _ = error.description
            return
        }
        let registry = Registry()
        do {
            try registry.locales.add([pack], regexCache: registry.regexCache, regexLimits: registry.regexLimits)
        } catch {
            _ = error.description
            return
        }
        let profile: LocaleProfile
        do {
            profile = try registry.locale(pack.locale)
        } catch {
            fatalError("the registry took a pack for \(pack.locale), then could not make its profile: \(error)")
        }
        for code in ["required", "too_short", "postal_code", "phone", "date", "choice", "tokens_more", "money", "region"] {
            _ = profile.message(for: code, ["field": .string("F"), "min": .number(2), "example": .string("x")])
        }
        _ = profile.phone.formatTyped("2015550123")
        _ = profile.postalCode.normalize("sw1a 1aa")
        var spec = spec
        spec["locale"] = .string(pack.locale)
        // A pack may leave out what a kind needs (a currency, regions): refusing the form is fine.
        guard let schema = try? FormSchema(spec: .object(spec), registry: registry) else { return }
        let records: [[String: String]] = [
            [:],
            [
                "first_name": "ada", "email": "a@b.org", "phone": "2015550123", "zip": "94103", "state": "CA", "birth_date": "1982-02-22",
                "password": "x", "password_confirm": "y", "newsletter": "yes", "topics": "swift, x",
            ],
        ]
        for record in records { _ = schema.validate(record).json(display: true) }
        _ = TokenField(Form(schema: schema)["topics"]!)?.summary(showing: 1)
    }
}
