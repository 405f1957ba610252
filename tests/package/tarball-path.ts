import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = new URL('../../', import.meta.url).pathname
const manifest = JSON.parse(
  readFileSync(path.join(root, 'package.json'), 'utf8'),
) as { name: string; version: string }

/** Where `npm run test:package` packs the library, and the tarball it makes. */
export const packDir = path.join(root, 'test-results/package')
export const tarballPath = path.join(
  packDir,
  `${manifest.name}-${manifest.version}.tgz`,
)
export const repoRoot = root
