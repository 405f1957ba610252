import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiDeclaration, MockApi } from '../../../src/mock-server/index.ts'
import {
  createOpenApiMock,
  importOpenApi,
  InvalidOpenApiError,
  loadOpenApi,
  type ImportReport,
} from '../../../src/openapi-import/index.ts'
import {
  corpusAbsent,
  openApiCorpus,
  withoutNetwork,
} from '../../support/openapi-corpus.ts'

const corpus = openApiCorpus()
if (!corpus) console.warn(`Skipping the OpenAPI corpus: ${corpusAbsent}`)

type Json = Record<string, unknown>

interface Loaded {
  document: Json
  report: ImportReport
  api: MockApi<ApiDeclaration>
}

/**
 * The share of operations served with state, at least, as reached today (a fall is a regression;
 * the rest answer from examples, and `inspect --summary` counts why).
 */
const floor: Record<string, number> = {
  petstore3: 0.35,
  spotify: 0.23,
  box: 0.15,
  openai: 0.18,
  stripe: 0.16,
}

const statefulShare = (report: ImportReport) => {
  const served = report.operations.filter(
    (op) => op.servedAs !== 'example only' && op.servedAs !== 'by hypermock',
  ).length
  return { served, of: report.operations.length }
}

describe.skipIf(!corpus)(
  'the public descriptions of ../shared/openapi-corpus/',
  () => {
    const loaded = new Map<string, Loaded | unknown>()
    const attempts: string[] = []

    // Each description is read once for the whole file (the largest take seconds).
    beforeAll(async () => {
      await withoutNetwork(attempts, async () => {
        for (const entry of corpus!) {
          try {
            const document = await loadOpenApi(entry.file)
            const { report } = importOpenApi(document)
            const api = createOpenApiMock({ openapi: document })
            loaded.set(entry.folder, { document, report, api })
          } catch (error) {
            loaded.set(entry.folder, error)
          }
        }
      })
    }, 600_000)

    it('reads every description without opening a network connection', () => {
      expect(attempts).toEqual([])
    })

    const petstore = () => {
      const result = loaded.get('petstore3') as Loaded
      const send = (method: string, url: string, body?: unknown) =>
        result.api.fetch(
          new Request(`https://petstore3.swagger.io/api/v3${url}`, {
            method,
            headers: {
              Authorization: 'Bearer corpus',
              ...(body !== undefined && { 'Content-Type': 'application/json' }),
            },
            ...(body !== undefined && { body: JSON.stringify(body) }),
          }),
        )
      return send
    }

    it("answers Petstore 3's fixed paths, not an item of that name", async () => {
      const send = petstore()
      for (const url of [
        '/pet/findByStatus?status=available',
        '/pet/findByTags?tags=tag1',
      ]) {
        const response = await send('GET', url)
        expect(response.status, url).toBe(200)
        expect(Array.isArray(await response.json()), url).toBe(true)
      }
    })

    it('keeps the id a Petstore 3 client sends, and refuses one already taken', async () => {
      const send = petstore()
      const pet = {
        id: 4242,
        name: 'doggie',
        photoUrls: ['https://example.test/d.png'],
      }
      const created = await send('POST', '/pet', pet)
      expect(created.status).toBe(200)
      expect(await (await send('GET', '/pet/4242')).json()).toMatchObject(pet)
      const again = await send('POST', '/pet', pet)
      expect(again.status).toBe(422)
      expect(await again.json()).toMatchObject({
        errors: [{ field: 'id', pointer: '#/id' }],
      })
    })

    it('validates a body sent to an operation served from its example: every invalid field in one 422', async () => {
      const { api } = loaded.get('museum') as Loaded
      const response = await api.fetch(
        new Request(
          'https://redocly.com/_mock/docs/openapi/museum-api/special-events',
          {
            method: 'POST',
            headers: {
              Authorization: 'Bearer corpus',
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({ name: 7, price: 'free' }),
          },
        ),
      )
      expect(response.status).toBe(422)
      const problem = (await response.json()) as {
        errors: { pointer: string }[]
      }
      expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
        '#/dates',
        '#/eventDescription',
        '#/location',
        '#/name',
        '#/price',
      ])
    })

    it('lists every operation, and serves writes whose body is a form as creates (Stripe, OpenAI)', () => {
      const stripe = (loaded.get('stripe') as Loaded).report
      const openai = (loaded.get('openai') as Loaded).report
      const find = (report: ImportReport, method: string, path: string) =>
        report.operations.find((o) => o.method === method && o.path === path)
      expect(find(stripe, 'POST', '/customers')?.servedAs).toBe('create')
      expect(find(openai, 'POST', '/files')?.servedAs).toBe('create')
      for (const [name, entry] of [
        ['stripe', stripe],
        ['openai', openai],
      ] as const) {
        const { document } = loaded.get(name) as Loaded
        const described = Object.values(document.paths as Json).flatMap(
          (item) =>
            Object.keys(item as Json).filter((k) =>
              ['get', 'put', 'post', 'delete', 'patch'].includes(k),
            ),
        ).length
        expect(entry.operations.length, name).toBe(described)
      }
    })

    for (const entry of corpus ?? []) {
      if (entry.folder === 'slack')
        it('refuses Swagger 2.0 (Slack) with the clear message', () => {
          const error = loaded.get('slack')
          expect(error).toBeInstanceOf(InvalidOpenApiError)
          expect((error as Error).message).toContain(
            'this description is Swagger 2.0. Convert it to OpenAPI 3 first.',
          )
        })
      else
        it(`serves ${entry.folder} (${entry.repo}), printing the share served with state`, () => {
          const result = loaded.get(entry.folder)
          if (!(result && typeof result === 'object' && 'report' in result))
            throw result
          const { report } = result as Loaded
          const { served, of } = statefulShare(report)
          console.log(
            `${entry.folder}: ${served} of ${of} operations served with state (${Math.round((served / of) * 100)}%)`,
          )
          expect(report.operations.length).toBeGreaterThan(0)
          expect(served / of).toBeGreaterThanOrEqual(floor[entry.folder] ?? 0)
        })
    }
  },
)

describe('the network trap of the corpus test', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hypermock-net-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const file = path.join(root, 'planted.yaml')
  writeFileSync(
    file,
    `openapi: 3.1.0
info: { title: Planted, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: 'https://schemas.example.test/pet.yaml' }
`,
  )

  it('catches a loader that downloads a planted external $ref', async () => {
    // The ref parser on its own follows the URL: the trap sees the attempt.
    const attempts: string[] = []
    const parser = await import('@readme/openapi-parser')
    await withoutNetwork(attempts, () =>
      parser.bundle(file).catch(() => undefined),
    )
    expect(attempts.join('\n')).toContain('schemas.example.test')
  })

  it('refuses the planted $ref with its file and place, and never connects', async () => {
    const attempts: string[] = []
    const error = await withoutNetwork(attempts, () =>
      loadOpenApi(file).catch((e: unknown) => e),
    )
    expect(attempts).toEqual([])
    expect(error).toBeInstanceOf(InvalidOpenApiError)
    expect((error as Error).message).toContain(file)
    expect((error as Error).message).toContain(
      '#/paths/~1pets/get/responses/200/content/application~1json/schema',
    )
    expect((error as Error).message).toContain('never fetches a URL')
  })
})
