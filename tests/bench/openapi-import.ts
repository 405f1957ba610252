import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from '../../src/index.ts'
import {
  createMockApi as createImportedMockApi,
  importOpenApi,
} from '../../src/openapi-import/index.ts'
import { cpuPercentile, sample, spread } from './measure.ts'

/** A description of `collections` resources, two paths each: `/{name}` and `/{name}/{id}`. */
export function describedApi(collections: number) {
  const schemas: Record<string, unknown> = {}
  const paths: Record<string, unknown> = {}
  const json = (schema: unknown) => ({ 'application/json': { schema } })
  const id = [
    { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
  ]
  for (let i = 0; i < collections; i++) {
    const name = `things${i}`
    const ref = { $ref: `#/components/schemas/Thing${i}` }
    schemas[`Thing${i}`] = {
      type: 'object',
      required: ['id', 'title', 'year'],
      properties: {
        id: { type: 'integer', readOnly: true },
        title: { type: 'string', minLength: 1 },
        year: { type: 'integer', minimum: 1450, maximum: 2100 },
        createdAt: { type: 'string', format: 'date-time', readOnly: true },
      },
    }
    paths[`/${name}`] = {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: json({ type: 'array', items: ref }),
          },
        },
      },
      post: {
        requestBody: { content: json(ref) },
        responses: { '201': { description: 'created', content: json(ref) } },
      },
    }
    paths[`/${name}/{id}`] = {
      get: {
        parameters: id,
        responses: { '200': { description: 'ok', content: json(ref) } },
      },
      put: {
        parameters: id,
        requestBody: { content: json(ref) },
        responses: { '200': { description: 'ok', content: json(ref) } },
      },
      delete: { parameters: id, responses: { '204': { description: 'gone' } } },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    servers: [{ url: '/api' }],
    paths,
    components: { schemas },
  }
}

/** The same resource declared by hand with zod: the baseline of an imported one. */
const declaredThings = defineApi({
  name: 'Things',
  base: '/api',
  resources: {
    things0: defineResource({
      schema: z.object({
        id: z.number().int(),
        title: z.string().min(1),
        year: z.number().int().min(1450).max(2100),
        createdAt: z.string(),
      }),
      seed: ({ at }) =>
        Array.from({ length: 10 }, (_, i) => ({
          title: `Thing ${i}`,
          year: 1900 + i,
          createdAt: at(i),
        })),
    }),
  },
})

/** Creating a mock from a 50-path description: import and first instance, CPU ms per round. */
export async function importCreationMs(rounds: number) {
  const document = describedApi(25)
  const figures: number[] = []
  for (let round = 0; round < rounds; round++)
    figures.push(
      cpuPercentile(
        await sample(() => createImportedMockApi({ openapi: document }), {
          warmup: 3,
          samples: 20,
        }),
        50,
      ),
    )
  return { ms: spread(figures), paths: Object.keys(document.paths).length }
}

/** One item read on an imported mock and on the same resource declared: CPU ms per round each. */
export async function importedVersusDeclaredMs(rounds: number) {
  const imported = createMockApi({ api: importOpenApi(describedApi(1)).api })
  const declared = createMockApi({ api: declaredThings })
  const read = (api: typeof imported) => async () => {
    const response = await api.fetch(
      new Request('http://bench.test/api/things0/1', {
        headers: { Authorization: 'Bearer bench' },
      }),
    )
    await response.arrayBuffer()
  }
  const figures = { imported: [] as number[], declared: [] as number[] }
  // Interleaved rounds, so drift on a shared machine hits both sides alike.
  for (let round = 0; round < rounds; round++) {
    figures.imported.push(
      cpuPercentile(
        await sample(read(imported), { warmup: 200, samples: 1_000 }),
        50,
      ),
    )
    figures.declared.push(
      cpuPercentile(
        await sample(read(declared), { warmup: 200, samples: 1_000 }),
        50,
      ),
    )
  }
  return {
    imported: spread(figures.imported),
    declared: spread(figures.declared),
    ratio: spread(figures.imported.map((x, i) => x / figures.declared[i]!)),
  }
}
