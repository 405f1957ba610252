import { fileURLToPath } from 'node:url'
import type { AliasOptions } from 'vite'

/** A small Vite app with the hypermock() plugin's declaration, client and server entries. */
export const viteAppRoot = fileURLToPath(
  new URL('../fixtures/vite-app/', import.meta.url),
)

const source = (path: string) =>
  fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

/** The fixture imports the package by name; here the names are the sources. */
export const viteAppAlias: AliasOptions = [
  { find: /^hypermock-api$/, replacement: source('index.ts') },
  {
    find: /^hypermock-api\/devtools\/lazy$/,
    replacement: source('devtools/lazy.ts'),
  },
]
