import { writeFileSync } from 'node:fs'
import { renderReference } from './reference.ts'

// Runs before `vitepress build` and `vitepress dev`: the generated reference pages.
for (const [page, text] of Object.entries(renderReference()))
  writeFileSync(new URL(`../reference/${page}`, import.meta.url), text)
