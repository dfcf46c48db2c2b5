// `import VouchPlan` brings the steps, registry and foundations it is built on.
@_exported import VouchSteps
