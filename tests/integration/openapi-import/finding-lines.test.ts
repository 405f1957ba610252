import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import {
  InvalidOpenApiError,
  loadOpenApi,
} from '../../../src/openapi-import/index.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'hypermock-lines-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The file written, and the one-based line holding `marker`. */
function write(name: string, text: string, marker: string) {
  const file = path.join(dir, name)
  writeFileSync(file, text)
  const lines = text.split('\n')
  const index = lines.findIndex((l) => l.includes(marker))
  return { file, line: index + 1, column: lines[index]!.indexOf(marker) + 1 }
}

async function findingsOf(file: string) {
  const error = await loadOpenApi(file).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(InvalidOpenApiError)
  return error as InvalidOpenApiError
}

it('names the line of a YAML $ref to a missing component', async () => {
  const { file, line, column } = write(
    'missing-ref.yaml',
    `openapi: 3.1.0
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Missing'
components:
  schemas:
    Pet: { type: object }
`,
    '$ref',
  )
  const error = await findingsOf(file)
  expect(error.findings).toEqual([
    expect.objectContaining({
      file,
      line,
      column,
      pointer:
        '#/paths/~1pets/get/responses/200/content/application~1json/schema/$ref',
    }),
  ])
  expect(error.message).toContain(`${file}:${line}:${column} `)
  expect(error.message).toContain('#/components/schemas/Missing')
})

it('names the line of a wrong type in a YAML description, not of a JSON rendering', async () => {
  const { file, line } = write(
    'wrong-type.yaml',
    `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: 42
`,
    'description: 42',
  )
  const error = await findingsOf(file)
  expect(error.findings).toEqual([
    expect.objectContaining({
      file,
      line,
      pointer: '#/paths/~1pets/get/responses/200/description',
    }),
  ])
  expect(error.message).toContain(`${file}:${line}:`)
  // The validator's excerpt quotes its own rendering: `"description": 42` is never in this file.
  expect(error.message).not.toContain('"description": 42')
})

it('names the line and column of a wrong type in a JSON description', async () => {
  const { file, line, column } = write(
    'wrong-type.json',
    `{
  "openapi": "3.1.0",
  "info": { "title": "Pets", "version": "1" },
  "paths": { "/pets": { "get": { "responses": {
    "200": { "description": 42 } } } } }
}
`,
    '"description"',
  )
  const error = await findingsOf(file)
  expect(error.findings).toEqual([
    expect.objectContaining({
      file,
      line,
      column,
      pointer: '#/paths/~1pets/get/responses/200/description',
    }),
  ])
})

it('names the line and column where a JSON description stops parsing', async () => {
  const { file, line } = write(
    'broken.json',
    `{
  "openapi": "3.1.0",
  "info": { "title": "Pets", "version": "1" },,
  "paths": {}
}
`,
    ',,',
  )
  const error = await findingsOf(file)
  expect(error.findings).toEqual([expect.objectContaining({ file, line })])
  expect(error.message).toContain(`${file}:${line}:`)
})

it('names the file and line of a missing component in a file a $ref names', async () => {
  write(
    'root.yaml',
    `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    $ref: './pets-path.yaml'
`,
    'paths',
  )
  const other = write(
    'pets-path.yaml',
    `get:
  responses:
    '200':
      description: ok
      content:
        application/json:
          schema: { $ref: '#/Nowhere' }
`,
    '$ref',
  )
  const error = await findingsOf(path.join(dir, 'root.yaml'))
  expect(error.findings).toEqual([
    expect.objectContaining({ file: other.file, line: other.line }),
  ])
})

it('names the right line when a $ref above the mistake is expanded by the validator', async () => {
  const { file, line } = write(
    'after-ref.yaml',
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
              schema: { $ref: '#/components/schemas/Pet' }
  /owners:
    get:
      responses:
        '200':
          description: 42
components:
  schemas:
    Pet:
      type: object
      properties:
        name: { type: string }
        age: { type: integer }
`,
    'description: 42',
  )
  const error = await findingsOf(file)
  expect(error.findings).toEqual([
    expect.objectContaining({
      file,
      line,
      pointer: '#/paths/~1owners/get/responses/200/description',
    }),
  ])
})

it('names the line inside the component a $ref names, once', async () => {
  const { file, line } = write(
    'in-component.yaml',
    `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          $ref: '#/components/responses/Pets'
components:
  responses:
    Pets:
      description: 7
`,
    'description: 7',
  )
  const error = await findingsOf(file)
  expect(error.findings).toEqual([
    expect.objectContaining({
      file,
      line,
      pointer: '#/components/responses/Pets/description',
    }),
  ])
})

it('refuses a 3.1 schema type JSON Schema does not know, every one at once, at its line', async () => {
  writeFileSync(
    path.join(dir, 'owner.yaml'),
    `type: object
properties:
  active: { type: bool }
`,
  )
  const text = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      parameters:
        - name: limit
          in: query
          schema: { type: numbr }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Pet' }
components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: strnig
        age:
          type: [integr, 'null']
        owner: { $ref: './owner.yaml' }
        type: { type: string }
`
  const { file, line } = write('misspelt-types.yaml', text, 'type: strnig')
  const error = await findingsOf(file)
  const lineOf = (marker: string) =>
    text.split('\n').findIndex((l) => l.includes(marker)) + 1
  expect(
    error.findings.map((f) => ({
      file: f.file,
      pointer: f.pointer,
      line: f.line,
      message: f.message,
    })),
  ).toEqual(
    expect.arrayContaining([
      {
        file,
        line,
        pointer: '#/components/schemas/Pet/properties/name/type',
        message:
          '"strnig" is not a schema type (did you mean "string"?); a type is one of array, boolean, integer, null, number, object, string',
      },
      {
        file,
        line: lineOf("type: [integr, 'null']"),
        pointer: '#/components/schemas/Pet/properties/age/type',
        message: expect.stringMatching(
          /^"integr" is not a schema type \(did you mean "integer"\?\)/,
        ),
      },
      {
        file,
        line: lineOf('type: numbr'),
        pointer: '#/paths/~1pets/get/parameters/0/schema/type',
        message: expect.stringMatching(
          /^"numbr" is not a schema type \(did you mean "number"\?\)/,
        ),
      },
      {
        file: path.join(dir, 'owner.yaml'),
        line: 3,
        pointer: '#/properties/active/type',
        message: expect.stringMatching(
          /^"bool" is not a schema type \(did you mean "boolean"\?\)/,
        ),
      },
    ]),
  )
  // A property named `type` is a schema, not a misspelt type.
  expect(error.findings).toHaveLength(4)
  expect(error.message).toContain(`${file}:${line}:`)
})
