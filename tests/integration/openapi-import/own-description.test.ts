import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../../src/index.ts'
import { fromOpenApi, loadOpenApi } from '../../../src/openapi-import/index.ts'
import { openApiFixtures } from '../../support/openapi-fixtures.ts'

const include = { figma: ['/v2/webhooks'] } as Record<string, string[]>

/** What an imported mock says of itself at `/openapi.json`, for the playground and the checker. */
describe.each(Object.keys(openApiFixtures) as (keyof typeof openApiFixtures)[])(
  'the description an imported %s mock serves',
  (name) => {
    // Figma's description alone takes seconds to load and validate on a busy machine.
    it(
      'is valid OpenAPI, its lists drawn in the description’s own shapes',
      { timeout: 30_000 },
      async () => {
        const api = fromOpenApi(await loadOpenApi(openApiFixtures[name]), {
          ...(include[name] && { include: include[name] }),
        })
        const doc = createOpenApiDocument({ api })
        const result = await validate(structuredClone(doc) as never)
        expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(
          true,
        )
        const schemas = doc.components.schemas as Record<
          string,
          { type?: string; required?: string[] }
        >
        const collections = Object.entries(schemas).filter(([key]) =>
          key.endsWith('Collection'),
        )
        expect(collections.length).toBeGreaterThan(0)
        for (const [, schema] of collections)
          if (name === 'petstore-expanded') expect(schema.type).toBe('array')
          else
            expect(schema.required).toEqual([
              name === 'figma' ? 'webhooks' : 'data',
            ])
      },
    )
  },
)
