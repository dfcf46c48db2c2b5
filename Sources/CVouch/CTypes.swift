/// The C API's parameter types, named as `vouch.h` spells them, so that an entry point's signature
/// reads like its declaration there.

/// `const char *`: text in, or a string Vouch keeps.
public typealias CText = UnsafePointer<CChar>?
/// `char **`: where a string from `malloc` goes, for the caller to free with `vouch_free`.
public typealias CTextOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
/// `size_t *` or `int *`-like counts and lengths the caller reads back.
public typealias IntOut = UnsafeMutablePointer<Int>?
/// `vouch_x **`: where a new handle goes.
public typealias HandleOut = UnsafeMutablePointer<OpaquePointer?>?
