/**
 * Packs the library once, exactly as `npm publish` would (prepack builds dist/ first), into
 * test-results/package/. The package checks (publint, attw, the tarball and consumer tests) all
 * read that one tarball.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { packDir, tarballPath } from './tarball-path.ts'

rmSync(packDir, { recursive: true, force: true })
mkdirSync(packDir, { recursive: true })
const output = execFileSync(
  'npm',
  ['pack', '--json', '--pack-destination', packDir],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
)
// npm prints the prepack build's own output before the JSON.
const [info] = JSON.parse(output.slice(output.indexOf('\n[') + 1)) as [
  { filename: string; size: number; unpackedSize: number; entryCount: number },
]
console.log(
  `packed ${tarballPath}: ${(info.size / 1024).toFixed(1)} kB, ${(info.unpackedSize / 1024).toFixed(1)} kB unpacked, ${info.entryCount} files`,
)
