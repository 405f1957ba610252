import type { Scenario } from '../../mock-server/index.ts'

// Amounts follow the API's units: an order `total` is a decimal in major units; a payment or
// transfer `amount` and an account `balance` are integers in minor units (cents for usd).

/**
 * The ready set-ups the playground offers, as data: apply one with `applyScenario(api, id)`.
 * Every scenario starts from the seed data.
 */
export const scenarios = [
  {
    id: 'happy-path',
    title: 'Happy path',
    description:
      'Start at GET /api, create an order of total 19.99 (usd) through the link the root names, then pay it by following its own "pay" link. Every request succeeds on its first attempt.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    steps: [
      { name: 'root', title: 'Read the entry point', path: '/api' },
      {
        name: 'order',
        title: 'Create an order through the root\'s "orders" link',
        method: 'POST',
        link: { from: 'root', rel: 'orders' },
        body: { total: 19.99, currency: 'usd', note: 'Happy path' },
      },
      {
        title: 'Pay it through its own "pay" link',
        link: { from: 'order', rel: 'pay' },
      },
    ],
  },
  {
    id: 'flaky-payments',
    title: 'Flaky payments',
    description:
      'The payments upstream answers 503 twice. Creating a payment of amount 2500 (25.00 usd): the client backs off 2^0 s and 2^1 s plus jitter, keeps the same Idempotency-Key, and the third attempt creates the payment.',
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'POST', path: '/api/payments*' },
        effect: { kind: 'status', status: 503 },
        times: 2,
      },
    ],
    config: {},
    steps: [
      {
        title: 'Create a payment of amount 2500 (25.00 usd)',
        method: 'POST',
        path: '/api/payments',
        body: { amount: 2500, currency: 'usd' },
      },
    ],
  },
  {
    id: 'rate-limited',
    title: 'Rate limited',
    description:
      "The next read of the orders gets 429 rate-limited with Retry-After: 2. The client waits exactly 2 s (the server's wish, no jitter) before it tries again.",
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'GET', path: '/api/orders' },
        effect: { kind: 'status', status: 429, retryAfter: 2 },
        times: 1,
      },
    ],
    config: { rateLimit: { limit: 100, windowSeconds: 60 } },
    steps: [{ title: 'List your orders', path: '/api/orders' }],
  },
  {
    id: 'lost-response',
    title: 'Lost response, saved by the idempotency key',
    description:
      'A payment of amount 4200 (42.00 usd) is created but its response is lost on the way back. The client retries with the same Idempotency-Key and the server replays the stored 201: two attempts, one key, exactly one new payment.',
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'POST', path: '/api/payments*' },
        effect: { kind: 'lose-response' },
        times: 1,
      },
    ],
    config: {},
    steps: [
      {
        title: 'Create a payment of amount 4200 (42.00 usd)',
        method: 'POST',
        path: '/api/payments',
        body: { amount: 4200, currency: 'usd' },
      },
    ],
  },
  {
    id: 'hung-request',
    title: 'Hung request, time-out and retry',
    description:
      'The first read of order 1 never gets an answer. After 5 s (the per-attempt time-out) the client counts it as a network error and retries with backoff.',
    token: 'customer-1-token',
    faults: [
      {
        match: { method: 'GET', path: '/api/orders/1' },
        effect: { kind: 'hang' },
        times: 1,
      },
    ],
    config: {},
    steps: [{ title: 'Read order 1', path: '/api/orders/1' }],
  },
  {
    id: 'insufficient-funds',
    title: 'Insufficient funds',
    description:
      'A transfer of amount 100000 (1000.00 usd) from account 2, whose balance is 500 (5.00 usd). The answer is a 422 insufficient-funds problem with the balance and the amount requested, in minor units; a 4xx is never retried.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    steps: [
      {
        title:
          'Transfer amount 100000 (1000.00 usd) from account 2 to account 1',
        method: 'POST',
        path: '/api/transfers',
        body: {
          fromAccountId: 2,
          toAccountId: 1,
          amount: 100000,
          currency: 'usd',
        },
      },
    ],
  },
  {
    id: 'validation-errors',
    title: 'Validation errors',
    description:
      'An order with a negative total (-5), an unknown currency and a misspelt member ("ammount"). The 422 validation-failed problem lists every invalid field at once, each with a JSON pointer.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    steps: [
      {
        title: 'Create an order with three invalid members',
        method: 'POST',
        path: '/api/orders',
        body: { total: -5, currency: 'xyz', ammount: 3 },
      },
    ],
  },
  {
    id: 'expired-token',
    title: 'Expired token',
    description:
      'The credential is "expired-token". Every request is refused with 401 and WWW-Authenticate: Bearer error="invalid_token"; the client does not retry, the caller must get a new token.',
    token: 'expired-token',
    faults: [],
    config: {},
    steps: [{ title: 'List your orders', path: '/api/orders' }],
  },
  {
    id: 'edit-conflict',
    title: 'Edit conflict (version mismatch)',
    description:
      'Two editors read order 1 at version 1. The first saves (the order moves to version 2); the second saves from its stale copy and gets 409 version-mismatch with the current version, instead of silently overwriting.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    steps: [
      { title: 'Read order 1 (version 1)', path: '/api/orders/1' },
      {
        title: 'The first editor saves total 50.00 (usd) from version 1',
        method: 'PUT',
        path: '/api/orders/1',
        body: { total: 50, currency: 'usd', note: 'First editor', version: 1 },
      },
      {
        title: 'The second editor saves total 60.00 (usd) from version 1',
        method: 'PUT',
        path: '/api/orders/1',
        body: {
          total: 60,
          currency: 'usd',
          note: 'Second editor',
          version: 1,
        },
      },
    ],
  },
  {
    id: 'stale-link',
    title: 'Stale link (state conflict)',
    description:
      'Order 1 is read while pending, with "cancel" and "pay" links. It is cancelled; then the "pay" link from the old representation is followed: 409 state-conflict, with the current status and the actions it allows.',
    token: 'customer-1-token',
    faults: [],
    config: {},
    steps: [
      {
        name: 'pending',
        title: 'Read order 1 while pending',
        path: '/api/orders/1',
      },
      {
        title: 'Cancel it through its "cancel" link',
        link: { from: 'pending', rel: 'cancel' },
      },
      {
        title: 'Follow the "pay" link of the stale copy',
        link: { from: 'pending', rel: 'pay' },
      },
    ],
  },
] as const satisfies readonly Scenario[]

/** The id of a built-in scenario. */
export type ScenarioId = (typeof scenarios)[number]['id']
