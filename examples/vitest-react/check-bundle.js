// Proves that a production build carries no mock: no msw, no hypermock core, no service worker,
// no devtools panel. `--expect-mock` checks a mock-mode build the other way round (every marker
// of the mock and of the panel present), so the check is known to see them.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [dir = 'dist', flag] = process.argv.slice(2)
const expectMock = flag === '--expect-mock'
// The documented path puts the worker in public/ (`npx hypermock-api init public`): it must be
// there, or a dist/ without it proves nothing.
if (!expectMock && !existsSync('public/mockServiceWorker.js')) {
  console.error(
    'public/mockServiceWorker.js is missing: run `npx hypermock-api init public` first, as the recipe does.',
  )
  process.exit(1)
}
const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))
const markers = [
  'mockServiceWorker',
  'msw',
  'createMockApi',
  '__mock',
  'data-hypermock-devtools',
]
// Each must show up in a mock-mode build: the worker file, msw, and the panel's host element.
const required = ['mockServiceWorker', 'msw', 'data-hypermock-devtools']
const found = files.flatMap((file) => {
  const text = readFileSync(file, 'utf8')
  return markers
    .filter((marker) => file.includes(marker) || text.includes(marker))
    .map((marker) => `${file} contains "${marker}"`)
})
const missing = required.filter(
  (marker) => !found.some((line) => line.endsWith(`"${marker}"`)),
)
if (expectMock && missing.length > 0) {
  console.error(
    `${dir}/ should hold the mock and the panel (a mock-mode build), yet ${missing.join(', ')} was not found.`,
  )
  process.exit(1)
}
if (!expectMock && found.length > 0) {
  console.error(`The production build includes the mock:\n${found.join('\n')}`)
  process.exit(1)
}
console.log(
  expectMock
    ? `${dir}/ (mock mode) holds the mock: ${found.length} markers found.`
    : `${dir}/ (${files.length} files) has no msw and no mock, though public/ holds the worker.`,
)
