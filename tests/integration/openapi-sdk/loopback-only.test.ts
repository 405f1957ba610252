import OpenAI from 'openai'
import Stripe from 'stripe'
import { afterEach, describe, expect, it } from 'vitest'
import { loopbackOnly } from './loopback-only.ts'

describe('the loopback guard of the SDK tests', () => {
  let restore = () => {}
  afterEach(() => restore())

  it('catches the stripe SDK reaching for api.stripe.com, and lets nothing out', async () => {
    const elsewhere: string[] = []
    restore = loopbackOnly(elsewhere)
    const stripe = new Stripe('sk_test_hypermock', {
      maxNetworkRetries: 0,
      telemetry: false,
    })
    await expect(stripe.customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    )
    expect(elsewhere.join('\n')).toContain('api.stripe.com')
  })

  it('catches the openai SDK reaching for api.openai.com, and lets nothing out', async () => {
    const elsewhere: string[] = []
    restore = loopbackOnly(elsewhere)
    const openai = new OpenAI({ apiKey: 'sk-hypermock', maxRetries: 0 })
    await expect(openai.files.list()).rejects.toBeInstanceOf(
      OpenAI.APIConnectionError,
    )
    expect(elsewhere.join('\n')).toContain('api.openai.com')
  })
})
