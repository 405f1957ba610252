// Proves that a production build carries no mock: no msw, no hypermock core, no service worker.
// `--expect-mock` checks a mock-mode build the other way round, so the check is known to see them.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [dir = 'dist', flag] = process.argv.slice(2)
const expectMock = flag === '--expect-mock'
const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))
const markers = ['mockServiceWorker', 'msw', 'createMockApi', '__mock']
const found = files.flatMap((file) => {
  const text = readFileSync(file, 'utf8')
  return markers
    .filter((marker) => file.includes(marker) || text.includes(marker))
    .map((marker) => `${file} contains "${marker}"`)
})
if (expectMock && found.length === 0) {
  console.error(
    `${dir}/ should hold the mock (a mock-mode build), yet none was found.`,
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
    : `${dir}/ (${files.length} files) has no msw and no mock.`,
)
