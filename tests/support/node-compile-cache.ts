import { fileURLToPath } from 'node:url'

/**
 * Where Node keeps the code it compiled for the test runs' child processes (`NODE_COMPILE_CACHE`):
 * the CLI (`hypermock-api serve`, `check`, `record`, `mcp`) runs from the sources in many test
 * files and in the e2e servers, and once the cache is filled each start takes about half the CPU
 * time. Kept with the modules, which it belongs to.
 */
export const nodeCompileCache = fileURLToPath(
  new URL('../../node_modules/.cache/node-compile-cache', import.meta.url),
)
