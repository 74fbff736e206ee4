/**
 * The files of a service's interactive API reference, `GET /docs/{asset}`: the Swagger UI files
 * the page loads from the `swagger-ui-dist` package, and the page's own script. Declared apart
 * from the router that serves them (kit/openapi/serve.ts), so that the operation describing them
 * (serviceOperations.ts) stays a declaration: the contract does no I/O (README "Contract and kit").
 */
export const swaggerUiAssets: readonly string[] = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
];

/** The reference's asset names (the `{asset}` of `GET /docs/{asset}`). */
export const referenceAssets: readonly string[] = ['reference.js', ...swaggerUiAssets];
