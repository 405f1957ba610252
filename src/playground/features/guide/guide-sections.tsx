import type { ReactNode } from 'react'
import type { OutgoingRequest } from '../../components/send-request.ts'
import { AuthenticationText } from './authentication-text.tsx'
import { BuiltInOnly } from './built-in-only.tsx'
import { QueryExample } from './query-example.tsx'
import type { TryExample } from './try-it.tsx'

export interface GuideSection {
  id: string
  title: string
  body: ReactNode
  examples: TryExample[]
}

const customer1: [string, string] = ['Authorization', 'Bearer customer-1-token']
const json: [string, string] = ['Content-Type', 'application/json']

const get = (
  path: string,
  headers: [string, string][] = [customer1],
): OutgoingRequest => ({ method: 'GET', path, headers })

/** The conventions, one short section each, with requests that show them answering. */
export const guideSections: GuideSection[] = [
  {
    id: 'resources',
    title: 'Resources and links',
    body: (
      <>
        <p>
          Every thing the API knows is a resource at its own URL, exchanged as
          JSON with camelCase members. Each one carries <code>_links</code>: a
          map from a relation name to a link object{' '}
          <code>{'{ href, method?, title? }'}</code>. <code>self</code> points
          at the resource itself; <code>method</code> appears only on action
          links.
        </p>
        <p>
          Links are derived from state.{' '}
          <BuiltInOnly
            otherwise={
              <>
                A record offers, as links, the actions its state allows, and
                none once no action applies (the Explorer draws each
                resource&apos;s states).
              </>
            }
          >
            A <code>pending</code> order offers <code>pay</code> and{' '}
            <code>cancel</code>; a <code>paid</code> one offers its{' '}
            <code>payment</code>; a <code>cancelled</code> one offers no action.
          </BuiltInOnly>{' '}
          A client reads these links and builds no URL but the entry point;
          following a stale action link gives 409.
        </p>
      </>
    ),
    examples: [
      {
        title: 'Read the entry point',
        steps: [
          {
            note: 'The root is public: no credential needed.',
            mode: 'raw',
            request: get('/api', []),
          },
        ],
      },
      {
        title: 'Read an order and its links',
        steps: [
          {
            note: 'Its _links say what can be done next.',
            mode: 'client',
            request: get('/api/orders/1'),
          },
        ],
        headers: ['ETag'],
      },
    ],
  },
  {
    id: 'collections',
    title: 'Collections: paging, sorting, filtering',
    body: (
      <>
        <p>
          A collection answers with an envelope:{' '}
          <code>{'{ items, page, perPage, total, _links }'}</code>, where{' '}
          <code>_links</code> holds <code>self</code>, <code>first</code>,{' '}
          <code>last</code> and, when they exist, <code>prev</code> and{' '}
          <code>next</code>. The same relations come in a <code>Link</code>{' '}
          header.
        </p>
        <p>
          Everything is a query parameter, never a path: <code>page</code> (from
          1), <code>perPage</code> (1 to 100, default 20),{' '}
          <QueryExample kind="sort" /> (<code>-</code> is descending), equality
          filters <QueryExample kind="filter" /> (a comma means any of) and
          ranges <QueryExample kind="range" />
          <BuiltInOnly
            otherwise={
              <>
                , here on <QueryExample kind="collection" />
              </>
            }
          >
            {null}
          </BuiltInOnly>
          . A page past the end is an empty 200. An unknown parameter, sort
          field or malformed value is a 400 <code>invalid-query</code> that
          lists every bad parameter at once.
          <BuiltInOnly>Each caller sees only its own items.</BuiltInOnly>
        </p>
      </>
    ),
    examples: [
      {
        title: 'Filter, sort and page orders',
        steps: [
          {
            note: 'Pending orders, largest total first, three per page.',
            mode: 'client',
            request: get('/api/orders?status=pending&sort=-total&perPage=3'),
          },
        ],
        headers: ['Link'],
      },
      {
        title: 'Ask for a collection the wrong way',
        steps: [
          {
            note: 'Three bad parameters, one answer that names them all.',
            mode: 'client',
            request: get('/api/orders?perPage=500&sort=colour&shape=round'),
          },
        ],
      },
    ],
  },
  {
    id: 'auth',
    title: 'Authentication and tokens',
    body: <AuthenticationText />,
    examples: [
      {
        title: 'Read an order without a credential',
        steps: [
          {
            note: 'A raw fetch with no Authorization header.',
            mode: 'raw',
            request: get('/api/orders/1', []),
          },
        ],
        headers: ['WWW-Authenticate'],
      },
      {
        title: 'Write with a read-only token',
        steps: [
          {
            note: 'The token is valid, but its scope is read.',
            mode: 'raw',
            request: {
              method: 'POST',
              path: '/api/orders/1/cancel',
              headers: [['Authorization', 'Bearer readonly-token']],
            },
          },
        ],
        headers: ['WWW-Authenticate'],
      },
      {
        title: "Read another customer's order",
        steps: [
          {
            note: 'Order 26 belongs to customer 2.',
            mode: 'client',
            request: get('/api/orders/26'),
          },
        ],
      },
    ],
  },
  {
    id: 'problems',
    title: 'Problem documents',
    body: (
      <>
        <p>
          Every error, everywhere, is one envelope: an RFC 9457 problem document
          served as exactly <code>application/problem+json</code>. It has{' '}
          <code>type</code> (a link to a page that documents this kind of
          error), a fixed <code>title</code> per type, <code>status</code> (the
          HTTP status), <code>detail</code> (this occurrence, in words) and{' '}
          <code>instance</code> (the path that failed), plus the type&apos;s own
          members.
        </p>
        <p>
          <BuiltInOnly>
            A transfer that failed keeps failing the same way: reading it
            answers 422 <code>insufficient-funds</code> with the{' '}
            <code>balance</code> and the <code>requested</code> amount, in minor
            units.{' '}
          </BuiltInOnly>
          4xx means the client must change something; 5xx means the server
          failed and the client may try again later.
        </p>
      </>
    ),
    examples: [
      {
        title: 'Read a failed transfer',
        steps: [
          {
            note: 'Transfer 2 asked for 1000 from an account holding 500.',
            mode: 'client',
            request: get('/api/transfers/2'),
          },
        ],
        headers: ['Content-Type'],
      },
    ],
  },
  {
    id: 'validation',
    title: 'Validation: 422 with every field at once',
    body: (
      <p>
        A body that is not JSON (or not an object) is a 400{' '}
        <code>invalid-json</code>. A body that is JSON but wrong is a 422{' '}
        <code>validation-failed</code> whose <code>errors</code> lists every
        invalid field in one answer, each with <code>field</code>,{' '}
        <code>message</code> and a JSON <code>pointer</code>, so a form can mark
        them all in one round trip. An unknown member is an error too: a typo
        such as <code>ammount</code> never passes silently. Neither is retried
        unchanged.
      </p>
    ),
    examples: [
      {
        title: 'Create an order with three mistakes',
        steps: [
          {
            note: 'A negative total, an unknown currency and a misspelt member.',
            mode: 'client',
            request: {
              method: 'POST',
              path: '/api/orders',
              headers: [customer1, json],
              body: '{ "total": -5, "currency": "xyz", "ammount": 12 }',
            },
          },
        ],
      },
      {
        title: 'Send a broken JSON body',
        steps: [
          {
            note: 'The body stops halfway.',
            mode: 'raw',
            request: {
              method: 'POST',
              path: '/api/orders',
              headers: [customer1, json],
              body: '{ "total": 10, ',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'idempotency',
    title: 'Idempotency keys',
    body: (
      <>
        <p>
          A POST is not idempotent by itself, so every POST may carry an{' '}
          <code>Idempotency-Key</code>: one unique key per logical operation,
          generated before the first attempt and reused on every retry. The
          server runs the operation once and stores its result under the key;
          the same request with the same key gets the stored answer back, byte
          for byte, with <code>Idempotent-Replayed: true</code>. Any number of
          requests with one key make exactly one{' '}
          <BuiltInOnly otherwise="record">payment</BuiltInOnly>.
        </p>
        <p>
          The same key with a different body is a 422{' '}
          <code>idempotency-key-reused</code>; while the first request is still
          running, a repeat gets 409 <code>idempotency-key-in-use</code>. Keys
          are scoped to the caller, method and path, and expire after 24 hours
          on the mock&apos;s clock. Stored keys are listed in the Data view.
        </p>
      </>
    ),
    examples: [
      {
        title: 'Pay twice with one key, then reuse it',
        headers: ['Idempotent-Replayed', 'Location'],
        steps: [
          {
            note: 'A payment with a fresh key: 201.',
            mode: 'raw',
            request: ({ key }) => ({
              method: 'POST',
              path: '/api/payments',
              headers: [customer1, json, ['Idempotency-Key', key]],
              body: '{ "amount": 500, "currency": "usd" }',
            }),
          },
          {
            note: 'The same request again: the stored 201, replayed.',
            mode: 'raw',
            request: ({ key }) => ({
              method: 'POST',
              path: '/api/payments',
              headers: [customer1, json, ['Idempotency-Key', key]],
              body: '{ "amount": 500, "currency": "usd" }',
            }),
          },
          {
            note: 'The same key with another amount: refused.',
            mode: 'raw',
            request: ({ key }) => ({
              method: 'POST',
              path: '/api/payments',
              headers: [customer1, json, ['Idempotency-Key', key]],
              body: '{ "amount": 600, "currency": "usd" }',
            }),
          },
        ],
      },
    ],
  },
  {
    id: 'conditional',
    title: 'Conditional requests and ETags',
    body: (
      <p>
        Every item carries a strong <code>ETag</code> that changes with its{' '}
        <code>version</code>. A read with a matching <code>If-None-Match</code>{' '}
        gets 304 Not Modified and no body: the copy the client holds is still
        good. A <code>PUT</code> or <code>DELETE</code> with an{' '}
        <code>If-Match</code> that no longer matches gets 412: someone changed
        the item since it was read, so re-read it before writing. Item and
        collection reads say <code>Cache-Control: private, no-cache</code>.
      </p>
    ),
    examples: [
      {
        title: 'Revalidate an order, then write with a stale ETag',
        headers: ['ETag', 'Cache-Control'],
        steps: [
          {
            note: 'Read order 1 and keep its ETag.',
            mode: 'raw',
            request: get('/api/orders/1'),
          },
          {
            note: 'Ask again with If-None-Match: 304, no body.',
            mode: 'raw',
            request: ({ previous }) => ({
              method: 'GET',
              path: '/api/orders/1',
              headers: [
                customer1,
                [
                  'If-None-Match',
                  previous[0]?.headers.find(([n]) => n === 'etag')?.[1] ??
                    '<the ETag of step 1>',
                ],
              ],
            }),
          },
          {
            note: 'Replace it with an ETag that does not match: 412.',
            mode: 'raw',
            request: {
              method: 'PUT',
              path: '/api/orders/1',
              headers: [customer1, json, ['If-Match', '"order-1-v999"']],
              body: '{ "total": 50, "currency": "usd" }',
            },
          },
        ],
      },
    ],
  },
  {
    id: 'rate-limits',
    title: 'Rate limiting and Retry-After',
    body: (
      <p>
        Each caller has a budget, 100 requests a minute by default (anonymous
        callers share one). Every authenticated answer says where the caller
        stands: <code>RateLimit-Policy: &quot;default&quot;;q=100;w=60</code>{' '}
        and{' '}
        <code>
          RateLimit: &quot;default&quot;;r=&lt;remaining&gt;;t=&lt;seconds&gt;
        </code>
        . Over the budget, the answer is 429 <code>rate-limited</code> with{' '}
        <code>Retry-After</code> in whole seconds. Reaching the real limit takes
        a hundred requests, so the second request here first adds a one-shot
        fault rule that answers 429 exactly as the limiter does.
      </p>
    ),
    examples: [
      {
        title: 'See the budget, then hit a 429',
        headers: ['RateLimit', 'RateLimit-Policy', 'Retry-After'],
        steps: [
          {
            note: 'A read shows the remaining budget.',
            mode: 'raw',
            request: get('/api/accounts'),
          },
          {
            note: 'A one-shot 429 rule, then the same read (raw fetch: no retry).',
            mode: 'raw',
            setup: (api) => {
              api.faults.add({
                match: { method: 'GET', path: '/api/accounts' },
                effect: { kind: 'status', status: 429, retryAfter: 1 },
                times: 1,
              })
            },
            request: get('/api/accounts'),
          },
        ],
      },
    ],
  },
  {
    id: 'retries',
    title: "The client's retry rules",
    body: (
      <>
        <p>
          The reference client retries only on 429, 5xx and network errors (a
          time-out counts as one), never on any other 4xx. With a{' '}
          <code>Retry-After</code> it waits exactly that long; otherwise{' '}
          <code>2^attempt</code> seconds plus a random jitter between 0 and 1
          second, counting attempts from 0. It makes 5 attempts at most, each
          with a 5-second time-out; when they run out it returns the last
          response. A POST keeps one <code>Idempotency-Key</code> across all its
          attempts, so a retry can never{' '}
          <BuiltInOnly otherwise="create a record twice">pay twice</BuiltInOnly>
          .
        </p>
        <p>
          The demo speed in the header makes every wait shorter in real time,
          the mock&apos;s and the client&apos;s alike (they share one clock);
          the timeline still shows the nominal delays.
        </p>
      </>
    ),
    examples: [
      {
        title: 'Survive two 503s',
        steps: [
          {
            note: 'Two one-shot 503 answers, then the client reads account 1: it waits about 1 s, then 2 s, and the third attempt gets 200.',
            mode: 'client',
            setup: (api) => {
              api.faults.add({
                match: { method: 'GET', path: '/api/accounts/1' },
                effect: { kind: 'status', status: 503 },
                times: 2,
              })
            },
            request: get('/api/accounts/1'),
          },
        ],
      },
      {
        title: 'Do not retry a 422',
        steps: [
          {
            note: 'A validation error is final: one attempt.',
            mode: 'client',
            request: {
              method: 'POST',
              path: '/api/payments',
              headers: [customer1, json],
              body: '{ "amount": 0, "currency": "usd" }',
            },
          },
        ],
      },
    ],
  },
]
