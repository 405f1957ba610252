import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { startServe } from '../../../src/server/serve.ts'
import { openApiFixtures } from '../../support/openapi-fixtures.ts'

const CLI = new URL('../../../src/server/cli.ts', import.meta.url).pathname
const fixture = (name: keyof typeof openApiFixtures) => openApiFixtures[name]

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
  })
  return { code: result.status, output: result.stdout + result.stderr }
}

// Each test starts a Node process: give them room on a loaded machine.
describe('hypermock-api with --openapi', { timeout: 30_000 }, () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'hypermock-openapi-'))
  afterAll(() => rmSync(temp, { recursive: true, force: true }))
  const write = (name: string, text: string) => {
    const file = path.join(temp, name)
    writeFileSync(file, text)
    return file
  }

  it('inspect prints how each operation is served and why', () => {
    const { code, output } = cli([
      'inspect',
      '--openapi',
      fixture('scalar-galaxy'),
    ])
    expect(code, output).toBe(0)
    expect(output).toContain('Scalar Galaxy (OpenAPI 3.1.1)')
    expect(output).toMatch(/GET \/planets\s+list \(planets\)/)
    expect(output).toMatch(/POST \/planets\/\{planetId\}\/image\s+action/)
    expect(output).toContain('why: path /planets is a collection')
  })

  it('refuses YAML that does not parse, naming the file and the line', () => {
    const file = write('broken.yaml', 'openapi: 3.1.0\ninfo: [unclosed\n')
    const { code, output } = cli(['inspect', '--openapi', file])
    expect(code).toBe(1)
    expect(output).toContain(`Failed to read the OpenAPI description ${file}`)
    expect(output).toContain(`${file}:3:1 does not parse`)
  })

  it('refuses a $ref that names nothing, with its pointer', () => {
    const file = write(
      'dangling.yaml',
      `openapi: 3.1.0
info: { title: Dangling, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Missing' }
`,
    )
    const { code, output } = cli(['inspect', '--openapi', file])
    expect(code).toBe(1)
    expect(output).toContain(file)
    expect(output).toContain('#/components/schemas/Missing')
  })

  it('refuses a version it does not read', () => {
    const file = write(
      'swagger.yaml',
      "swagger: '2.0'\ninfo: { title: Old, version: '1' }\npaths: {}\n",
    )
    const { code, output } = cli(['inspect', '--openapi', file])
    expect(code).toBe(1)
    expect(output).toContain('this description is Swagger 2.0')
    expect(output).toContain('#/swagger')
  })

  it('lists the validator findings of a description that breaks the specification', () => {
    const file = write(
      'invalid.yaml',
      `openapi: 3.0.3
info: { title: Invalid }
paths:
  /pets:
    get:
      responses: {}
`,
    )
    const { code, output } = cli(['inspect', '--openapi', file])
    expect(code).toBe(1)
    expect(output).toContain(`Failed to read the OpenAPI description ${file}`)
    expect(output).toMatch(/version/)
  })

  it('serve --openapi answers the description with state', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const server = await startServe([
      '--openapi',
      fixture('petstore-expanded'),
      '--port',
      '0',
    ])
    log.mockRestore()
    try {
      const created = await fetch(`${server!.url}/api/pets`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Rex' }),
      })
      expect(created.status).toBe(200)
      const { id } = (await created.json()) as { id: number }
      const read = await fetch(`${server!.url}/api/pets/${id}`)
      expect(await read.json()).toMatchObject({ id, name: 'Rex' })
    } finally {
      await server!.close()
    }
  })
})
