// What an AI coding agent does through `hypermock-api mcp`, with the MCP SDK's own client: it
// starts the server over stdio, sets the mock up, breaks it on purpose, and reads the result back
// while an "app" (plain fetch) talks to the same mock over HTTP.
import assert from 'node:assert/strict'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const client = new Client({ name: 'example-agent', version: '1.0.0' })
await client.connect(
  new StdioClientTransport({
    command: 'npx',
    args: ['hypermock-api', 'mcp', '--config', 'hypermock.config.ts'],
    stderr: 'inherit',
  }),
)
const call = (name, args = {}) => client.callTool({ name, arguments: args })

try {
  const { tools } = await client.listTools()
  console.log(`tools: ${tools.map((tool) => tool.name).join(', ')}`)

  // 1. Where the mock answers, and what it serves.
  const { structuredContent: mock } = await call('list_resources')
  const tasks = mock.resources.find((resource) => resource.name === 'tasks')
  assert.deepEqual(Object.keys(tasks.states.transitions), ['complete'])
  console.log(`the app's API: ${mock.api}`)

  // 2. A row created through the API, which the app then reads over HTTP.
  const created = await call('create_row', {
    resource: 'tasks',
    body: { title: 'Show the empty state' },
  })
  assert.equal(created.structuredContent.status, 201)
  const listed = await fetch(`${mock.api}/tasks?status=open`)
  const { items } = await listed.json()
  assert.ok(items.some((task) => task.title === 'Show the empty state'))

  // 3. An invalid row: a tool error naming every invalid field.
  const invalid = await call('create_row', {
    resource: 'tasks',
    body: { title: '', status: 'later' },
  })
  assert.equal(invalid.isError, true)
  console.log(invalid.content[0].text.split('\n\n')[0])

  // 4. A 503 the app's next save meets; the app retries at once, without an Idempotency-Key.
  await call('add_fault', {
    match: { method: 'POST', path: '/api/tasks' },
    effect: { kind: 'status', status: 503, retryAfter: 1 },
    times: 1,
  })
  const save = () =>
    fetch(`${mock.api}/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Retry me' }),
    })
  assert.equal((await save()).status, 503)
  assert.equal((await save()).status, 201)

  // 5. The operation read back, with what the retry did wrong.
  const { structuredContent: read } = await call('list_operations', {
    path: '/api/tasks',
    withVerdictsOnly: true,
  })
  const verdicts = read.operations.at(-1).verdicts.map((verdict) => verdict.id)
  assert.ok(verdicts.includes('retried-before-retry-after'), verdicts.join())
  console.log(`the app's retry: ${verdicts.join(', ')}`)
} finally {
  await client.close()
}
