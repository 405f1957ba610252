/**
 * The ports of the e2e servers (support/servers.ts): E2E_PORT (4173 unless set) and the five after
 * it. The config reads them, and so do the spec files that set their own `baseURL`.
 */
const base = Number(process.env.E2E_PORT ?? 4173)

export const ports = {
  /** `vite preview` of the playground's build. */
  preview: base,
  /** `vite` dev. */
  dev: base + 1,
  /** `hypermock-api serve --playground` for the own-api example. */
  serve: base + 2,
  /** The same for an imported OpenAPI description. */
  imported: base + 3,
  /** The same for the hotel API. */
  hotel: base + 4,
  /** `vite preview` of the tests' own pages. */
  pages: base + 5,
}
