import { existsSync } from 'node:fs'
import path from 'node:path'
import OpenAI, { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusAbsent, corpusRoot } from '../../support/openapi-corpus.ts'
import { serveForSdk, type ServedForSdk } from './serve-for-sdk.ts'

const description = path.join(corpusRoot, 'openai/openapi.json')
const present = existsSync(description)
if (!present) console.warn(`Skipping the OpenAI SDK test: ${corpusAbsent}`)

describe.skipIf(!present)(
  "the official openai SDK against serve --openapi with OpenAI's description",
  () => {
    let openai: OpenAI
    let sdk: ServedForSdk
    const gets = (path: string) =>
      sdk.served.filter((e) => e.method === 'GET' && e.path === path).length

    beforeAll(async () => {
      sdk = await serveForSdk(description)
      openai = new OpenAI({
        baseURL: `${sdk.server.url}/v1`,
        apiKey: 'sk-hypermock',
        maxRetries: 0,
      })
    }, 120_000)

    afterAll(async () => {
      await sdk?.close()
    })

    it('uploads files as multipart bodies and reads one back', async () => {
      const file = await openai.files.create({
        file: await toFile(Buffer.from('{"prompt":"hi"}\n'), 'train.jsonl'),
        purpose: 'fine-tune',
      })
      expect(file).toMatchObject({ object: 'file', purpose: 'fine-tune' })
      expect(file.id).toEqual(expect.any(String))
      expect(await openai.files.retrieve(file.id)).toEqual(file)
    })

    it('pages through every file, two at a time, with its page iterator', async () => {
      const uploaded: string[] = []
      for (const name of ['a.txt', 'b.txt', 'c.txt'])
        uploaded.push(
          (
            await openai.files.create({
              file: await toFile(Buffer.from(name), name),
              purpose: 'assistants',
            })
          ).id,
        )
      const before = gets('/v1/files')

      const seen: string[] = []
      for await (const file of openai.files.list({ limit: 2 }))
        seen.push(file.id)

      const pages = gets('/v1/files') - before
      const stored = sdk.server.api.state.snapshot() as unknown as Record<
        string,
        unknown[]
      >
      expect(pages).toBeGreaterThan(1)
      expect(pages).toBe(Math.ceil(seen.length / 2))
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen).toEqual(expect.arrayContaining(uploaded))
      expect(seen).toHaveLength(stored.files!.length)
    })

    it('deletes a file, answered as OpenAI answers, and lists it no more', async () => {
      const { id } = await openai.files.create({
        file: await toFile(Buffer.from('bye'), 'bye.txt'),
        purpose: 'assistants',
      })
      expect(await openai.files.delete(id)).toEqual({
        id,
        object: 'file',
        deleted: true,
      })
      const left: string[] = []
      for await (const file of openai.files.list({ limit: 100 }))
        left.push(file.id)
      expect(left).not.toContain(id)
      await expect(openai.files.retrieve(id)).rejects.toBeInstanceOf(
        OpenAI.NotFoundError,
      )
    })

    it('creates, renames, pages through and deletes vector stores (JSON bodies)', async () => {
      const made: string[] = []
      for (const name of ['docs', 'faq', 'notes'])
        made.push((await openai.vectorStores.create({ name })).id)
      const renamed = await openai.vectorStores.update(made[0]!, {
        name: 'handbook',
        metadata: { team: 'support' },
      })
      expect(renamed).toMatchObject({
        id: made[0],
        object: 'vector_store',
        name: 'handbook',
        metadata: { team: 'support' },
      })
      expect(await openai.vectorStores.retrieve(made[0]!)).toEqual(renamed)

      const before = gets('/v1/vector_stores')
      const pages: string[][] = []
      const first = await openai.vectorStores.list({ limit: 2 })
      for await (const page of first.iterPages())
        pages.push(page.data.map((v) => v.id))
      expect(gets('/v1/vector_stores') - before).toBe(pages.length)
      expect(pages.length).toBeGreaterThan(1)
      expect(pages.flat()).toEqual(expect.arrayContaining(made))

      const removed = await openai.vectorStores.delete(made[1]!)
      expect(removed).toEqual({
        id: made[1],
        object: 'vector_store.deleted',
        deleted: true,
      })
      await expect(
        openai.vectorStores.retrieve(made[1]!),
      ).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    })

    it('talked to the mock alone, on loopback', () => {
      expect(sdk.elsewhere).toEqual([])
      expect(sdk.served.length).toBeGreaterThan(0)
    })
  },
  // The first request to an operation of a description this large compiles its schemas' validators
  // (seconds on a busy 2-core machine): more than Vitest's default five seconds per test.
  30_000,
)
