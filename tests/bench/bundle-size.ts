import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Gzipped bytes of the built JavaScript in `<dist>/assets`, or null when there is no build. */
export async function gzippedJsBytes(dist: string): Promise<number | null> {
  const assets = join(dist, 'assets')
  let names: string[]
  try {
    names = await readdir(assets)
  } catch {
    return null
  }
  const scripts = names.filter((name) => name.endsWith('.js'))
  if (scripts.length === 0) return null
  let total = 0
  for (const name of scripts)
    total += gzipSync(await readFile(join(assets, name))).byteLength
  return total
}
