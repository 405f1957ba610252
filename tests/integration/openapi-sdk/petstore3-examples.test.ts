import { existsSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { sample } from 'openapi-sampler'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadOpenApi } from '../../../src/openapi-import/index.ts'
import { startServe } from '../../../src/server/serve.ts'
import type { RunningServer } from '../../../src/server/start-server.ts'
import { corpusAbsent, corpusRoot } from '../../support/openapi-corpus.ts'

// ajv-formats is CommonJS with a default export that TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

type Json = Record<string, unknown>

const file = path.join(corpusRoot, 'petstore3/src/main/resources/openapi.yaml')
const present = existsSync(file)
if (!present) console.warn(`Skipping the Petstore 3 examples: ${corpusAbsent}`)

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

interface Operation {
  method: (typeof METHODS)[number]
  path: string
  operation: Json
}

/**
 * The order a person trying each operation in Swagger UI would take: records made first, then
 * replaced and read, then changed in place, then deleted.
 */
const phase = ({ method, path }: Operation) => {
  const item = /\}$/.test(path)
  if (method === 'post' && !item && !path.includes('{')) return 0
  if (method === 'put') return 1
  if (method === 'get') return 2
  if (method === 'delete') return 4
  return 3
}

describe.skipIf(!present)(
  'Swagger Petstore 3 served by serve --openapi, sent every request its description documents',
  () => {
    let server: RunningServer
    let document: Json
    let ajv: Ajv
    const operations: Operation[] = []

    beforeAll(async () => {
      document = await loadOpenApi(file)
      // A validator of the description's own, not the importer's: the schemas as written.
      ajv = new Ajv({ strict: false, allErrors: true })
      addFormats(ajv)
      ajv.addSchema(
        { components: document.components } as Json,
        'petstore.json',
      )
      for (const [route, item] of Object.entries(document.paths as Json))
        for (const method of METHODS)
          if ((item as Json)[method])
            operations.push({
              method,
              path: route,
              operation: (item as Json)[method] as Json,
            })
      operations.sort((a, b) => phase(a) - phase(b))
      server = (await startServe([
        '--openapi',
        file,
        '--port',
        '0',
        '--host',
        '127.0.0.1',
      ]))!
    }, 60_000)

    afterAll(() => server?.close())

    const resolve = (node: unknown): Json => {
      let out = (node ?? {}) as Json
      while (typeof out?.$ref === 'string')
        out = (out.$ref as string)
          .slice(2)
          .split('/')
          .reduce<Json>((at, part) => at[part] as Json, document)
      return out
    }

    /** What Swagger UI's "Try it out" fills in: the example, else a sample drawn from the schema. */
    const exampleOf = (media: Json | undefined): unknown => {
      if (!media) return undefined
      if (media.example !== undefined) return media.example
      const examples = media.examples as Json | undefined
      if (examples) return resolve(Object.values(examples)[0]).value
      return sample(media.schema as never, { skipReadOnly: true }, document)
    }

    it('answers each one with a status it lists and a body its schema accepts', async () => {
      /** What each collection's create answered: its items' path parameters are read from it. */
      const made = new Map<string, Json>()
      const valueOf = (route: string, parameter: Json): unknown => {
        if (parameter.example !== undefined) return parameter.example
        const schema = resolve(parameter.schema)
        if (parameter.in === 'path') {
          const collection = route.slice(
            0,
            route.indexOf(`/{${String(parameter.name)}}`),
          )
          const record = made.get(collection)
          const name = String(parameter.name)
          if (record) return record[name] ?? record.id
        }
        if (schema.example !== undefined) return schema.example
        if (schema.default !== undefined) return schema.default
        return sample(schema as never, {}, document)
      }
      const answers: string[] = []
      const failures: string[] = []
      for (const op of operations) {
        const url = new URL(`${server.url}/api/v3`)
        let route = op.path
        const headers: Record<string, string> = {
          Authorization: 'Bearer petstore',
          Accept: 'application/json',
        }
        for (const raw of (op.operation.parameters as Json[] | undefined) ??
          []) {
          const parameter = resolve(raw)
          if (parameter.in !== 'path' && parameter.required !== true) {
            const schema = resolve(parameter.schema)
            if (schema.default === undefined && parameter.example === undefined)
              continue
          }
          const value = valueOf(op.path, parameter)
          const name = String(parameter.name)
          if (parameter.in === 'path')
            route = route.replace(
              `{${name}}`,
              encodeURIComponent(String(value)),
            )
          else if (parameter.in === 'query')
            for (const one of Array.isArray(value) ? value : [value])
              url.searchParams.append(name, String(one))
          else if (parameter.in === 'header') headers[name] = String(value)
        }
        url.pathname += route
        const content = resolve(op.operation.requestBody).content as
          | Json
          | undefined
        let body: BodyInit | undefined
        if (content?.['application/json']) {
          body = JSON.stringify(exampleOf(content['application/json'] as Json))
          headers['Content-Type'] = 'application/json'
        } else if (content?.['application/octet-stream']) {
          body = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
          headers['Content-Type'] = 'application/octet-stream'
        }
        let response = await fetch(url, {
          method: op.method.toUpperCase(),
          headers,
          ...(body !== undefined && { body }),
        })
        let text = await response.text()
        // The example's id is one a seed row already holds: a create never replaces a record, so
        // it answers 409 already-exists (allowed by the description's `default`), whose detail says
        // to leave the id out. A client does so, and the server picks the id.
        if (
          op.method === 'post' &&
          response.status === 409 &&
          'default' in (op.operation.responses as Json) &&
          /already-exists/.test(text) &&
          typeof body === 'string'
        ) {
          const { id: _taken, ...rest } = JSON.parse(body) as Json
          response = await fetch(url, {
            method: 'POST',
            headers,
            body: JSON.stringify(rest),
          })
          text = await response.text()
        }
        const what = `${op.method.toUpperCase()} ${url.pathname}${url.search} → ${response.status}`

        const responses = op.operation.responses as Json
        const problems: string[] = []
        if (response.status < 200 || response.status > 299)
          problems.push(`not a success: ${text}`)
        if (!(String(response.status) in responses))
          problems.push(
            `${response.status} is not among ${Object.keys(responses).join(', ')}`,
          )
        const described = resolve(responses[String(response.status)] ?? {})
        const media = (described.content as Json | undefined)?.[
          'application/json'
        ] as Json | undefined
        if (problems.length === 0 && media?.schema) {
          if (
            !/^application\/json/.test(
              response.headers.get('Content-Type') ?? '',
            )
          )
            problems.push(
              `Content-Type ${response.headers.get('Content-Type')}`,
            )
          const parsed = JSON.parse(text) as unknown
          const schema = JSON.parse(
            JSON.stringify(media.schema).replaceAll(
              '"#/components/',
              '"petstore.json#/components/',
            ),
          ) as Json
          const check = ajv.compile(schema)
          if (!check(parsed))
            problems.push(
              ...(check.errors ?? []).map(
                (e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`,
              ),
            )
          if (op.method === 'post' && phase(op) === 0 && parsed)
            made.set(op.path, parsed as Json)
        }
        answers.push(what)
        if (problems.length > 0)
          failures.push(`${what}: ${problems.join('; ')}`)
      }
      console.log(
        `Petstore 3, every documented request:\n  ${answers.join('\n  ')}`,
      )
      expect(failures).toEqual([])
      expect(answers).toHaveLength(19)
      // The example pet was kept, changed and deleted with state, not answered from examples.
      const gone = await fetch(`${server.url}/api/v3/pet/10`, {
        headers: { Authorization: 'Bearer petstore' },
      })
      expect(gone.status).toBe(404)
    })
  },
)
