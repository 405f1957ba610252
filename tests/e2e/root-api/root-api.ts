// A page of the e2e tests (built by ../pages/vite.config.ts): an app whose API lives at the root
// of its own host, mocked by the real service worker from a declaration.
import { z } from 'zod'
import { defineApi, defineResource } from '../../../src/index.ts'
import { startMockWorker } from '../../../src/msw/browser.ts'

const books = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    title: z.string().min(1),
    status: z.enum(['available', 'on-loan']),
  }),
  state: {
    field: 'status',
    initial: 'available',
    transitions: { lend: { from: ['available'], to: 'on-loan' } },
  },
  seed: [{ title: 'Kindred' }, { title: 'Beloved' }],
})

const api = await startMockWorker({
  api: defineApi({
    name: 'Library',
    base: 'https://api.example.test',
    resources: { books },
  }),
})
const headers = { Authorization: 'Bearer any-token' }
const list = await fetch('https://api.example.test/books', { headers })
const body = await list.json()
const lent = await fetch(body.items[0]._links.lend.href, {
  method: 'POST',
  headers,
})
// The page's own files stay the app's: this one is not the mock's.
const own = await fetch('/tests/e2e/root-api/root-api.html')
document.querySelector('output')!.textContent = JSON.stringify({
  status: list.status,
  titles: body.items.map((b: { title: string }) => b.title),
  lend: body.items[0]._links.lend.href,
  lent: lent.status,
  stored: api.data.books.get(1)?.status,
  ownPage: own.status,
})
