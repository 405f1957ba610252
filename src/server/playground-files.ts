import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** Where the playground's static build is: beside dist/ in the package, or the repository's own. */
export function findPlaygroundDir(): string | undefined {
  // dist/<chunk>.js in the package; src/server/<file>.ts when run from the sources.
  for (const candidate of ['../dist-playground/', '../../dist-playground/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(join(dir, 'index.html'))) return dir
  }
  return undefined
}

/** What the served page needs to find the mock: it connects over HTTP instead of a worker. */
export interface PlaygroundConnection {
  basePath: string
  controlPath: string
  /** Where the server keeps its data across restarts (`SQLite hypermock.db`); absent: in memory. */
  store?: string
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * The built playground, read once into memory (a few hundred kB): a request can only ever get one
 * of these files, so no path it sends reaches the file system. The page learns the mock's paths
 * from a meta element, so the same build serves any base and control path.
 */
export async function loadPlaygroundFiles(
  dir: string,
  prefix: string,
  connection: PlaygroundConnection,
): Promise<(request: Request) => Response | undefined> {
  const files = new Map<
    string,
    { body: Uint8Array<ArrayBuffer>; type: string }
  >()
  for (const file of await walk(dir)) {
    // msw's worker belongs to the in-browser mode; served here it could intercept the real API.
    if (file.endsWith('mockServiceWorker.js')) continue
    const name = relative(dir, file).split(sep).join('/')
    let body = new Uint8Array(await readFile(file))
    if (name === 'index.html')
      body = new TextEncoder().encode(
        new TextDecoder()
          .decode(body)
          .replace(
            '<head>',
            `<head>\n    <meta name="hypermock-server" content="${escapeAttribute(JSON.stringify(connection))}" />`,
          ),
      )
    files.set(name, {
      body,
      type: types[extname(name)] ?? 'application/octet-stream',
    })
  }
  return (request) => {
    const { pathname } = new URL(request.url)
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`))
      return undefined
    if (pathname === prefix)
      return new Response(null, {
        status: 308,
        headers: { Location: `${prefix}/` },
      })
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, {
        status: 405,
        headers: { Allow: 'GET, HEAD' },
      })
    const name = pathname.slice(prefix.length + 1) || 'index.html'
    const file = files.get(name)
    if (!file)
      return new Response(`No playground file ${name}.`, {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      })
    return new Response(request.method === 'HEAD' ? null : file.body, {
      headers: {
        'Content-Type': file.type,
        'Content-Length': String(file.body.byteLength),
        'X-Content-Type-Options': 'nosniff',
        // Hashed assets never change; the page itself is read afresh.
        'Cache-Control': name.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      },
    })
  }
}

function escapeAttribute(value: string) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
}
