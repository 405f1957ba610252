import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  fromOpenApi,
  importOpenApi,
  loadOpenApi,
} from '../../src/openapi-import/index.ts'
import { startServer, type RunningServer } from '../../src/server/index.ts'
import { descriptionValidator } from '../../src/openapi-import/ajv-standard-schema.ts'
import { jsonMedia } from '../../src/openapi-import/openapi-reader.ts'
import { normalise30, resolve } from '../../src/openapi-import/schema-view.ts'
import { everyAnswer } from '../support/every-answer.ts'

type Json = Record<string, unknown>

/** What each walk saw (`./openapi-client/dialect-walks.ts`). */
interface Walk {
  created: { key: string; name: string | null | undefined }
  listed: string[]
  pages: number
  read: { key: string; name: string | null | undefined } | undefined
  deleted: number
  gone: { status: number; error: unknown }
}
type Walks = {
  walkTasks(baseUrl: string, token: string): Promise<Walk>
  walkRooms(baseUrl: string, account: string, secret: string): Promise<Walk>
  walkShelves(baseUrl: string, key: string): Promise<Walk>
  walkTeams(baseUrl: string, key: string): Promise<Walk>
}

/**
 * Four small descriptions, each in a dialect hypermock's conventions do not share, served from
 * the description alone and walked by a client generated from it (openapi-typescript's `paths`,
 * openapi-fetch): create, list, update, read, delete, read again.
 */
const client = fileURLToPath(new URL('./openapi-client/', import.meta.url))
const root = fileURLToPath(new URL('../../', import.meta.url))
const styles = ['gid-data', 'sid-form', 'put-items', 'team-token'] as const
const description = (style: string) =>
  path.join(client, 'dialects', `${style}.yaml`)

describe('a typed client generated from a description in its own dialect', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'hypermock-walks-'))
  const servers: RunningServer[] = []
  let walks: Walks
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    rmSync(work, { recursive: true, force: true })
  })

  beforeAll(async () => {
    mkdirSync(path.join(work, 'generated'))
    for (const style of styles) {
      const ast = await openapiTS(new URL(`file://${description(style)}`))
      writeFileSync(
        path.join(work, 'generated', `${style}.ts`),
        astToString(ast),
      )
    }
    copyFileSync(
      path.join(client, 'dialect-walks.ts'),
      path.join(work, 'dialect-walks.ts'),
    )
    // The copy resolves openapi-fetch as the project does.
    symlinkSync(
      path.join(root, 'node_modules'),
      path.join(work, 'node_modules'),
    )
    // Loaded by URL, so the project's own type-check (which runs before the types are generated)
    // does not follow it: the program below checks the copy against the generated types.
    walks = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(client, 'dialect-walks.ts'))
        .href
    )) as Walks
  }, 60_000)

  it('type-checks every walk against the types generated from its description, with no cast', () => {
    const walks = path.join(work, 'dialect-walks.ts')
    const config = ts.parseJsonConfigFileContent(
      ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
        .config,
      ts.sys,
      root,
    )
    const program = ts.createProgram([walks], {
      ...config.options,
      types: ['node'],
    })
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      )
    expect(diagnostics).toEqual([])
    const casts: string[] = []
    const visit = (node: ts.Node) => {
      if (
        ts.isAsExpression(node) ||
        ts.isTypeAssertionExpression(node) ||
        ts.isNonNullExpression(node) ||
        node.kind === ts.SyntaxKind.AnyKeyword
      )
        casts.push(node.getText())
      ts.forEachChild(node, visit)
    }
    visit(program.getSourceFile(walks)!)
    expect(casts).toEqual([])
  }, 60_000)

  const serve = async (style: string) => {
    const api = fromOpenApi(await loadOpenApi(description(style)), {
      errors: 'description',
    })
    const server = await startServer({ port: 0, api })
    servers.push(server)
    return server.url
  }

  /** Whether the description allows `body` as the answer of `method path` with `status`. */
  const allows = async (
    style: string,
    method: string,
    at: string,
    status: number,
    body: unknown,
  ) => {
    const document = normalise30(await loadOpenApi(description(style))) as Json
    const operation = ((document.paths as Json)[at] as Json)[method] as Json
    const response = (operation.responses as Json)[String(status)]
    const schema = jsonMedia(resolve(document, response).content)?.media.schema
    expect(schema, `${method} ${at} documents ${status}`).toBeDefined()
    const validate = descriptionValidator(document)(schema)
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
  }

  /** What every walk must show: each effect visible in the next answer. */
  const expectEffects = (
    walk: Walk,
    names: { created: string; updated: string },
  ) => {
    expect(walk.created.name).toBe(names.created)
    expect(walk.listed).toContain(walk.created.key)
    // Every page followed, none repeating a row.
    expect(new Set(walk.listed).size).toBe(walk.listed.length)
    expect(walk.read).toEqual({ key: walk.created.key, name: names.updated })
    expect([200, 204]).toContain(walk.deleted)
    expect(walk.gone.status).toBe(404)
  }

  it('walks tasks keyed by gid inside { data }, paging with the offset token next_page carries', async () => {
    const url = await serve('gid-data')
    const walk = await walks.walkTasks(`${url}/api/1.0`, 'a-personal-token')
    expectEffects(walk, { created: 'Buy catnip', updated: 'Buy more catnip' })
    // Ten seeded rows and the new one, four to a page.
    expect(walk.listed).toHaveLength(11)
    expect(walk.pages).toBe(3)
    await allows('gid-data', 'get', '/tasks/{task_gid}', 404, walk.gone.error)
  })

  it('walks rooms by {Sid} over snake_case members, with form bodies, an update by POST, HTTP Basic, and paging by the PageToken of meta.next_page_url', async () => {
    const url = await serve('sid-form')
    const walk = await walks.walkRooms(url, 'AC0123', 'auth-token')
    expectEffects(walk, { created: 'Standup', updated: 'Retro' })
    expect(walk.created.key).toMatch(/^RM[0-9a-fA-F]{32}$/)
    // Ten seeded rows and the new one, four to a page.
    expect(walk.listed).toHaveLength(11)
    expect(new Set(walk.listed).size).toBe(11)
    expect(walk.pages).toBe(3)
    await allows('sid-form', 'get', '/v1/Rooms/{Sid}', 404, walk.gone.error)
    const bearer = await fetch(`${url}/v1/Rooms`, {
      headers: { Authorization: 'Bearer auth-token' },
    })
    expect(bearer.status).toBe(401)
    expect(bearer.headers.get('WWW-Authenticate')).toMatch(/^Basic/)
  })

  it('walks shelves created by PUT on the collection, each answered as { Items: [ … ] }', async () => {
    const url = await serve('put-items')
    const walk = await walks.walkShelves(`${url}/v2`, 'library-key')
    expectEffects(walk, { created: 'Poetry', updated: 'Poetry and plays' })
    expect(walk.created.key).toMatch(/^[0-9a-f-]{36}$/)
    await allows('put-items', 'get', '/Shelves/{ShelfId}', 404, walk.gone.error)
  })

  it('walks teams wrapped as { team }, paging by offset until more is false, with Token token=', async () => {
    const url = await serve('team-token')
    const walk = await walks.walkTeams(url, 'on-call-key')
    expectEffects(walk, { created: 'Night shift', updated: 'Day shift' })
    expect(walk.listed).toHaveLength(11)
    expect(walk.pages).toBe(3)
    await allows('team-token', 'get', '/teams/{id}', 404, walk.gone.error)
    const bearer = await fetch(`${url}/teams`, {
      headers: { Authorization: 'Bearer on-call-key' },
    })
    expect(bearer.status).toBe(401)
  })

  for (const style of styles)
    it(`serves every operation of ${style} with state, each answer one the description allows`, async () => {
      const document = await loadOpenApi(description(style))
      const { report } = importOpenApi(document)
      const api = createOpenApiMock({
        openapi: document,
        overrides: { errors: 'description' },
      })
      expect(
        report.operations.filter(
          (o) => o.servedAs === 'example only' || o.servedAs === 'by hypermock',
        ),
      ).toEqual([])
      const { sent, disallowed } = await everyAnswer(document, report, api)
      expect(sent).toBe(5)
      expect(disallowed).toEqual([])
    })
})
