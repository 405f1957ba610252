import { fireEvent, render, screen } from '@testing-library/react'
import { spawn } from 'node:child_process'
import { createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Provider } from 'urql'
import { createGraphqlClient } from './client.ts'
import { Plants } from './plants.tsx'

/** `npm run dev`: Vite's dev server, whose hypermock plugin serves the API. */
async function startDevServer() {
  const vite = await createServer({
    mode: 'development',
    server: { host: '127.0.0.1', port: 0 },
    logLevel: 'silent',
  })
  await vite.listen()
  const origin = vite.resolvedUrls!.local[0]!.replace(/\/$/, '')
  // The plugin loads hypermock.config.ts on the first request: the tests start once it answers.
  expect((await fetch(`${origin}/api/plants`)).status).toBe(200)
  return {
    origin,
    stop: () => vite.close(),
  }
}

/** `npm run serve`: hypermock-api serve, on a free port (PORT=0). */
async function startServe() {
  // Its own process group: npm starts the server as a child, and both stop at the end.
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const origin = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += String(chunk)
      const listening = /hypermock listening on (http:\/\/\S+)/.exec(output)
      if (listening) resolve(listening[1]!)
    })
    child.on('exit', (code) =>
      reject(new Error(`npm run serve exited with ${code}:\n${output}`)),
    )
  })
  return {
    origin,
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM')
      child.stdout.destroy()
    },
  }
}

// The same component over real HTTP, against the two servers the app runs on: each holds the
// declaration's own state, GraphQL and REST on the same rows.
const servers = {
  'the Vite dev server (npm run dev)': startDevServer,
  'hypermock-api serve (npm run serve)': startServe,
}
const running = new Map<string, { origin: string; stop: () => Promise<void> }>()
beforeAll(async () => {
  const started = await Promise.all(
    Object.entries(servers).map(
      async ([name, start]) => [name, await start()] as const,
    ),
  )
  for (const [name, server] of started) running.set(name, server)
}, 60_000)
afterAll(() =>
  Promise.all([...running.values()].map((server) => server.stop())),
)

describe.each(Object.keys(servers))('%s', (name) => {
  test('a plant added over GraphQL is in the list, and REST reads it', async () => {
    const { origin } = running.get(name)!
    render(
      <Provider value={createGraphqlClient(`${origin}/api/graphql`)}>
        <Plants />
      </Provider>,
    )
    await screen.findByText('2 plants')
    fireEvent.change(screen.getByLabelText('Name'), {
      target: { value: 'Fennel' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Add the plant' }))
    expect(
      await screen.findByRole('combobox', { name: 'Status of Fennel' }),
    ).toHaveValue('SEEDLING')

    const response = await fetch(`${origin}/api/plants`)
    const { items } = (await response.json()) as { items: { name: string }[] }
    expect(items.map((plant) => plant.name)).toEqual([
      'Basil',
      'Chard',
      'Fennel',
    ])
  })
})
