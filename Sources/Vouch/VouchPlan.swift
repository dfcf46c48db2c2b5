// `import Vouch` brings the whole public API: the fields, forms and editing here, and the steps,
// registry, specs and checking of VouchPlan with the foundations' user-facing types it re-exports.
@_exported import VouchPlan
