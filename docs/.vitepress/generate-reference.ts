import { rmSync, writeFileSync } from 'node:fs'
import { apiOut, apiReference } from './api-reference.ts'
import { renderReference } from './reference.ts'

// Runs before `vitepress build` and `vitepress dev`: the generated reference pages.
for (const [page, text] of Object.entries(renderReference()))
  writeFileSync(new URL(`../reference/${page}`, import.meta.url), text)
// The API pages: none left from an export that no longer exists.
rmSync(apiOut, { recursive: true, force: true })
await apiReference()
