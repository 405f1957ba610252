import path from 'node:path'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusAbsent, corpusRoot } from '../../support/openapi-corpus.ts'
import { serveForSdk, type ServedForSdk } from './serve-for-sdk.ts'
import { existsSync } from 'node:fs'

const description = path.join(corpusRoot, 'stripe/openapi/spec3.yaml')
const present = existsSync(description)
if (!present) console.warn(`Skipping the Stripe SDK test: ${corpusAbsent}`)

describe.skipIf(!present)(
  "the official stripe SDK against serve --openapi with Stripe's description",
  () => {
    let stripe: Stripe
    let sdk: ServedForSdk

    beforeAll(async () => {
      sdk = await serveForSdk(description)
      stripe = new Stripe('sk_test_hypermock', {
        host: '127.0.0.1',
        port: Number(new URL(sdk.server.url).port),
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
      })
    }, 120_000)

    afterAll(async () => {
      await sdk?.close()
    })

    it('creates customers from its form-encoded calls, reads one back and updates it', async () => {
      const ada = await stripe.customers.create({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        balance: 1200,
        metadata: { plan: 'pro' },
      })
      expect(ada).toMatchObject({
        object: 'customer',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        balance: 1200,
        metadata: { plan: 'pro' },
      })
      expect(ada.id).toEqual(expect.any(String))

      const refused = await stripe.customers
        .create({ balance: 'lots' as unknown as number })
        .catch((e: unknown) => e)
      // The mock's 422 (Stripe itself says 400) still reaches the SDK as an error naming the field.
      expect(refused).toBeInstanceOf(Stripe.errors.StripeError)
      expect(refused).toMatchObject({
        statusCode: 422,
        type: 'StripeAPIError',
        param: 'balance',
      })

      const read = await stripe.customers.retrieve(ada.id)
      expect(read).toMatchObject({ id: ada.id, name: 'Ada Lovelace' })

      const updated = await stripe.customers.update(ada.id, {
        name: 'Ada King',
        metadata: { team: 'engines' },
      })
      expect(updated).toMatchObject({
        id: ada.id,
        name: 'Ada King',
        email: 'ada@example.com',
        metadata: { plan: 'pro', team: 'engines' },
      })
    })

    it('pages through every customer, two at a time, with its auto-paging iterator', async () => {
      const created: string[] = []
      for (const name of ['Grace', 'Edsger', 'Barbara'])
        created.push((await stripe.customers.create({ name })).id)
      const pagesBefore = sdk.served.filter(
        (e) => e.method === 'GET' && e.path === '/v1/customers',
      ).length

      const seen: string[] = []
      for await (const customer of stripe.customers.list({ limit: 2 }))
        seen.push(customer.id)

      const stored = sdk.server.api.state.snapshot() as unknown as Record<
        string,
        unknown[]
      >
      const pages = sdk.served.filter(
        (e) => e.method === 'GET' && e.path === '/v1/customers',
      ).length
      expect(pages - pagesBefore).toBe(Math.ceil(seen.length / 2))
      expect(pages - pagesBefore).toBeGreaterThan(1)
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen).toEqual(expect.arrayContaining(created))
      expect(seen).toHaveLength(stored.customers!.length)
    })

    it('deletes a customer, answered as Stripe answers, lists it no more, and fails to read it with the error Stripe draws', async () => {
      const { id } = await stripe.customers.create({ name: 'Temporary' })
      const removed = await stripe.customers.del(id)
      expect({ ...removed }).toEqual({ id, object: 'customer', deleted: true })
      const left: string[] = []
      for await (const customer of stripe.customers.list({ limit: 100 }))
        left.push(customer.id)
      expect(left).not.toContain(id)
      const gone = await stripe.customers.retrieve(id).catch((e: unknown) => e)
      expect(gone).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      expect(gone).toMatchObject({ statusCode: 404 })
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
