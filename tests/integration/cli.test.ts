import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/index.ts'

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname
const mswWorker = new URL(
  '../../node_modules/msw/lib/mockServiceWorker.js',
  import.meta.url,
).pathname
const mswVersion = (
  JSON.parse(
    readFileSync(
      new URL('../../node_modules/msw/package.json', import.meta.url),
      'utf8',
    ),
  ) as { version: string }
).version

function cli(args: string[], cwd?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    ...(cwd && { cwd }),
  })
  return { code: result.status, output: result.stdout + result.stderr }
}

// Each test starts a Node process: give them room on a loaded machine.
describe('the hypermock-api command line', { timeout: 30_000 }, () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'hypermock-cli-'))
  afterAll(() => rmSync(temp, { recursive: true, force: true }))

  it('lists its commands on --help and with no command', () => {
    for (const args of [['--help'], []]) {
      const { code, output } = cli(args)
      expect(code).toBe(0)
      expect(output).toContain('hypermock-api serve')
      expect(output).toContain('hypermock-api init <publicDir>')
    }
  })

  it('names the commands it knows when given another', () => {
    const { code, output } = cli(['start'])
    expect(code).toBe(1)
    expect(output).toContain(
      'Unknown command "start". Use "serve", "init", "check", "inspect", "record", "mcp" or "graphql-schema"',
    )
  })

  it('init copies the worker of the msw it resolves and names its version', () => {
    const { code, output } = cli(['init', 'web/public'], temp)
    expect(code, output).toBe(0)
    expect(output).toContain(`msw ${mswVersion}'s service worker`)
    const written = readFileSync(
      path.join(temp, 'web/public/mockServiceWorker.js'),
      'utf8',
    )
    expect(written).toBe(readFileSync(mswWorker, 'utf8'))
    expect(written).toContain(`'${mswVersion}'`)
  })

  it('init without a folder says what it needs', () => {
    const { code, output } = cli(['init'], temp)
    expect(code).toBe(1)
    expect(output).toContain('init takes one argument')
    expect(output).toContain('npx hypermock-api init public')
  })

  it('serve --help describes its options', () => {
    const { code, output } = cli(['serve', '--help'])
    expect(code).toBe(0)
    expect(output).toContain('--base-path')
  })

  it('serve --openapi refuses a description whose schema names a type JSON Schema does not know', () => {
    const file = path.join(temp, 'misspelt.yaml')
    writeFileSync(
      file,
      `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: array
                items:
                  type: object
                  properties:
                    name: { type: strnig }
`,
    )
    // A description it took would be served until killed: 20 s is the most this waits.
    const result = spawnSync(
      process.execPath,
      [CLI, 'serve', '--openapi', file, '--port', '0'],
      { encoding: 'utf8', timeout: 20_000 },
    )
    const output = result.stdout + result.stderr
    expect(result.signal, output).toBeNull()
    expect(result.status, output).toBe(1)
    expect(output).toContain(`${file}:16:`)
    expect(output).toContain(
      '#/paths/~1pets/get/responses/200/content/application~1json/schema/items/properties/name/type: "strnig" is not a schema type (did you mean "string"?)',
    )
  })

  it('graphql-schema prints the SDL the mock serves at <API base>/graphql/schema.graphql', async () => {
    const { code, output } = cli(['graphql-schema'])
    expect(code, output).toBe(0)
    const api = createMockApi()
    const served = await api.fetch(
      new Request('http://localhost/api/graphql/schema.graphql'),
    )
    expect(served.status).toBe(200)
    expect(output).toBe(await served.text())
    expect(output).toContain('payOrder(id: ID!): Order!')
  })

  it('graphql-schema reads an imported description as serve does', () => {
    const { code, output } = cli([
      'graphql-schema',
      '--openapi',
      new URL('../fixtures/openapi/petstore-expanded.yaml', import.meta.url)
        .pathname,
    ])
    expect(code, output).toBe(0)
    expect(output).toContain('createPet(input: CreatePetInput!): Pet!')
    expect(output).toContain(
      'pets(first: Int, after: String, last: Int, before: String',
    )
  })
})
