import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { freePort } from '../support/free-port.ts'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const jsonServerBin = fileURLToPath(
  new URL('../../node_modules/json-server/lib/bin.js', import.meta.url),
)

/** json-server (a backend nobody here wrote) on a loopback port, over a db.json in `dir`. */
export async function startJsonServer(
  dir: string,
  db: object,
): Promise<{ url: string; child: ChildProcess }> {
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify(db))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [jsonServerBin, 'db.json', '--port', String(port)],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('json-server did not start within 20 s')),
      20_000,
    )
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('JSON Server started')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`json-server exited with ${code}`))
    })
  })
  return { url: `http://127.0.0.1:${port}`, child }
}
