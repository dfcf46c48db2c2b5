import CICU
import CPCRE2
import FoundationEssentials
public func probe() -> String {
    let bytes = PackageResources.en_US_json
    var ec: Int32 = 0; var off: Int = 0
    let code = pcre2_compile_8("^a", 2, 0, &ec, &off, nil)
    return "\(cicu_version_major()) \(bytes.count) \(code != nil)"
}
