// Vouch's API includes the foundations' user-facing types (VouchError, JSONValue, JSONObject,
// JSONPath, MessageTemplate, RegexPattern, ...). The rest of VouchBase (bytes, buffers, the ICU and
// PCRE2 wrappers, the JSON scanner, locks, files) is SPI, for Vouch's own modules:
// `@_spi(VouchInternal) import VouchBase`.
@_exported import VouchBase
