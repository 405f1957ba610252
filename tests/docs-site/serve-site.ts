import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import sirv from 'sirv'
import { dist } from './built-site.ts'

/**
 * Serves the built docs site (`npm run docs:build`) for its tests, as `vitepress preview` does:
 * clean URLs (`/guide/own-api` is `guide/own-api.html`), the assets cached for good, the pages
 * revalidated, and the 404 page for anything else. Unlike `vitepress preview`, it does not
 * compress: that server compresses every answer with Brotli at its highest quality, about a
 * second of CPU time for a long page, and the tests' fresh browser contexts fetch every page and
 * asset again.
 *
 *   node tests/docs-site/serve-site.ts PORT
 */
const port = Number(process.argv[2])
const notFound = readFileSync(join(dist, '404.html'))
const serve = sirv(dist, {
  etag: true,
  maxAge: 31_536_000,
  immutable: true,
  extensions: ['html'],
  setHeaders(res, pathname) {
    if (!pathname.includes('/assets/'))
      res.setHeader('cache-control', 'no-cache')
  },
})

createServer((req, res) =>
  serve(req, res, () => {
    res.statusCode = 404
    if (!req.url?.includes('/assets/')) res.write(notFound)
    res.end()
  }),
).listen(port, '127.0.0.1', () =>
  console.log(`Built site served at http://127.0.0.1:${port}/`),
)
