// Vouch's API includes the foundations' types (VouchError, JSONValue, MessageTemplate, ...): an
// `import Vouch` brings them.
@_exported import VouchBase
