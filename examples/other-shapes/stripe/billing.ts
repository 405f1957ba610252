/** The app's billing code: it talks to Stripe through the official SDK, and nothing else. */
import Stripe from 'stripe'

/** A Stripe client for `url` (the mock in tests, Stripe's own host in production). */
export function stripeAt(url: string, secretKey: string) {
  const { hostname, port, protocol } = new URL(url)
  return new Stripe(secretKey, {
    host: hostname,
    port: Number(port),
    protocol: protocol === 'https:' ? 'https' : 'http',
    // A mistake fails at once instead of being retried; no telemetry to Stripe.
    maxNetworkRetries: 0,
    telemetry: false,
  })
}

/** Signs a customer up, once: a retry with the same key gets the same customer. */
export function signUp(
  stripe: Stripe,
  customer: { name: string; email: string; plan: string },
  idempotencyKey: string,
) {
  return stripe.customers.create(
    {
      name: customer.name,
      email: customer.email,
      metadata: { plan: customer.plan },
    },
    { idempotencyKey },
  )
}

/** Moves a customer to another plan; the other metadata keys stay. */
export function changePlan(stripe: Stripe, id: string, plan: string) {
  return stripe.customers.update(id, { metadata: { plan } })
}

/** Every customer's email, page after page, as the SDK walks them. */
export async function everyEmail(stripe: Stripe, pageSize: number) {
  const emails: (string | null)[] = []
  for await (const customer of stripe.customers.list({ limit: pageSize }))
    emails.push(customer.email)
  return emails
}

/** Closes a customer's account. */
export function close(stripe: Stripe, id: string) {
  return stripe.customers.del(id)
}
