import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'

/**
 * Gzipped bytes of what loading the devtools panel adds to an app: `hypermock-api/devtools/lazy`
 * and the chunk it loads, bundled and minified as a production build would (React excluded: the
 * panel is plain DOM, and the React wrapper only mounts it).
 */
export async function devtoolsGzippedBytes(): Promise<number> {
  const entry = fileURLToPath(
    new URL('../../src/devtools/lazy.ts', import.meta.url),
  )
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: 'devtools' },
    },
  })
  const outputs = (
    Array.isArray(result) ? result : [result]
  ) as Rolldown.RolldownOutput[]
  let total = 0
  for (const { output } of outputs)
    for (const chunk of output)
      if (chunk.type === 'chunk') total += gzipSync(chunk.code).byteLength
  return total
}
