// What `react-router build` wrote holds nothing of the mock: no msw, no hypermock, no worker file.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
const built = files('build')
const found = built.flatMap((file) => {
  if (/mockServiceWorker/.test(file)) return [`${file}: the worker file`]
  const text = readFileSync(file, 'utf8')
  // What the development code imports, as a bundle would name it.
  return [
    'virtual:msw',
    'virtual:hypermock',
    'hypermock-api',
    'node_modules/msw',
    'msw/',
    '"msw"',
  ].flatMap((word) => (text.includes(word) ? [`${file}: "${word}"`] : []))
})
if (built.length < 3) throw new Error(`build/ holds ${built.length} files`)
if (found.length > 0)
  throw new Error(`The production build holds the mock:\n${found.join('\n')}`)
console.log(
  `The production build (${built.length} files) holds no msw, no hypermock and no worker.`,
)
