/**
 * Public OpenAPI descriptions that nobody here wrote, from packages of the npm registry (pinned as
 * devDependencies, so every run reads the same bytes): OAI's petstore-expanded (OpenAPI 3.0, a
 * bare array, integer ids) from ReadMe's MIT-licensed `@readme/oas-examples`, and Scalar's Galaxy
 * (3.1, a `{ data, meta }` envelope paged by offset, integer ids, several security schemes) from
 * its MIT-licensed `@scalar/galaxy`.
 */
export const openApiFixtures = {
  'petstore-expanded': new URL(
    '../../node_modules/@readme/oas-examples/3.0/yaml/petstore-expanded.yaml',
    import.meta.url,
  ).pathname,
  'scalar-galaxy': new URL(
    '../../node_modules/@scalar/galaxy/dist/3.1.json',
    import.meta.url,
  ).pathname,
}
