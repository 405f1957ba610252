// Starts `npx hypermock-api serve` on a free port, reads GET /api over real HTTP, then stops it.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
// Its own process group: npx starts the server as a child, and both must stop at the end.
const server = spawn(
  'npx',
  ['hypermock-api', 'serve', '--port', String(port)],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  },
)
try {
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('hypermock-api serve did not start within 30 s')),
      30_000,
    )
    server.stdout.on('data', (chunk) => {
      if (String(chunk).includes('listening')) resolve(clearTimeout(timer))
    })
    server.on('exit', (code) =>
      reject(new Error(`hypermock-api serve exited with ${code}`)),
    )
  })
  const response = await fetch(`http://127.0.0.1:${port}/api`)
  const root = await response.json()
  assert.equal(response.status, 200)
  assert.ok(root._links.orders, 'the root links to the orders')
  console.log(
    `npx hypermock-api serve: GET /api answered ${response.status} on port ${port}`,
  )
} finally {
  process.kill(-server.pid, 'SIGTERM')
  server.stdout.destroy()
}
