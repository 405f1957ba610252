/**
 * Public OpenAPI descriptions that nobody here wrote, committed byte for byte in
 * `tests/fixtures/openapi/` (where its README says where each comes from, and its licence):
 * OAI's petstore-expanded (OpenAPI 3.0, a bare array, integer ids), Scalar's Galaxy (3.1, a
 * `{ data, meta }` envelope paged by offset, integer ids, several security schemes) and Figma's REST
 * API (3.1, `{ webhooks, pagination }` paged by cursor, string ids).
 */
const fixture = (file: string) =>
  new URL(`../fixtures/openapi/${file}`, import.meta.url).pathname

export const openApiFixtures = {
  'petstore-expanded': fixture('petstore-expanded.yaml'),
  'scalar-galaxy': fixture('scalar-galaxy.json'),
  figma: fixture('figma.yaml'),
}
