import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tarballPath } from './tarball-path.ts'

type Manifest = {
  name: string
  private?: boolean
  license: string
  bin: Record<string, string>
  engines: { node: string }
  exports: Record<string, string | Record<string, string>>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
  sideEffects: boolean | string[]
}

describe('the packed tarball', () => {
  let dir: string
  let files: string[]
  let manifest: Manifest
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hypermock-tarball-'))
    execFileSync('tar', ['-xzf', tarballPath, '-C', dir])
    files = execFileSync('tar', ['-tzf', tarballPath], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((file) => file.replace(/^package\//, ''))
    manifest = JSON.parse(
      readFileSync(path.join(dir, 'package/package.json'), 'utf8'),
    ) as Manifest
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const packed = (file: string) => path.join(dir, 'package', file)

  /** The dist files a built file imports statically, itself included: dynamic `import()`s are not followed. */
  const staticClosure = (entry: string) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const text = readFileSync(packed(`dist/${file}`), 'utf8')
      for (const match of text.matchAll(
        /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']\.\/([^"']+)["']/g,
      ))
        visit(match[1]!)
    }
    visit(entry)
    return [...seen]
  }
  const isShop = (file: string) => /^shop-[^/]+\.js$/.test(file)

  /** What the files import on demand (`import("./x.js")`). */
  const dynamicImports = (files: readonly string[]) =>
    files.flatMap((file) =>
      [
        ...readFileSync(packed(`dist/${file}`), 'utf8').matchAll(
          /\bimport\(\s*["']\.\/([^"']+)["']\s*\)/g,
        ),
      ].map((match) => match[1]!),
    )

  it('gives msw/browser and the Playwright fixture the shop only through the root entry’s default, on demand', () => {
    // The walk sees the shop where it is a static import: the root entry, whose default it is.
    expect(staticClosure('index.js').some(isShop)).toBe(true)
    for (const entry of ['msw-browser.js', 'playwright.js']) {
      const closure = staticClosure(entry)
      expect(closure.filter(isShop)).toEqual([])
      // Loaded on demand, it is the root entry's default, never the shop by name.
      expect(
        dynamicImports(closure).filter(
          (file) => isShop(file) || file === 'shop.js',
        ),
      ).toEqual([])
    }
    expect(dynamicImports(['msw-browser.js'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^default-mock-api-/)]),
    )
  })

  it('loads nothing of Storybook for an app that does not import the addon', () => {
    const storybookImport =
      /\b(?:from|import)\s*\(?\s*["'](?:storybook|msw-storybook-addon)(?:\/[^"']*)?["']/
    const entries = Object.values(manifest.exports)
      .filter((target) => typeof target !== 'string')
      .map((target) => (target as Record<string, string>).import!)
      .map((file) => file.replace('./dist/', ''))
    const others = entries.filter((file) => !file.startsWith('storybook'))
    expect(others).toContain('index.js')
    for (const entry of others) {
      // Every file it may load, on demand included.
      const seen = new Set<string>()
      const visit = (file: string) => {
        for (const each of staticClosure(file))
          if (!seen.has(each)) {
            seen.add(each)
            dynamicImports([each]).forEach(visit)
          }
      }
      visit(entry)
      for (const file of seen) {
        const text = readFileSync(packed(`dist/${file}`), 'utf8')
        expect(storybookImport.test(text), `${entry}: ${file}`).toBe(false)
      }
    }
    // The addon's own parts do import Storybook, and the preview part the shop only on demand.
    expect(
      storybookImport.test(
        readFileSync(packed('dist/storybook-preview.js'), 'utf8'),
      ),
    ).toBe(true)
    expect(staticClosure('storybook-preview.js').filter(isShop)).toEqual([])
  })

  it('is the public hypermock-api with an MIT licence file', () => {
    expect(manifest.name).toBe('hypermock-api')
    expect(manifest.private).toBeUndefined()
    expect(manifest.license).toBe('MIT')
    expect(readFileSync(packed('LICENSE'), 'utf8')).toMatch(/^MIT License/)
    // One module runs for its effect: the Storybook addon's manager part, which Storybook
    // imports bare (`import '…/storybook-manager.js'`) for it to register the panel. Storybook's
    // manager build ignores the flag (esbuild's ignoreAnnotations); a bundler that honours it
    // would drop a bare import of a module the package called free of side effects.
    expect(manifest.sideEffects).toEqual(['./dist/storybook-manager.js'])
    expect(manifest.engines.node).toBe('>=20.19.0')
  })

  it('never gives a consumer the repository’s own Node binary', () => {
    // The pin lives in a devDependency (.node-runtime/), which npm never installs for a consumer.
    const installed = {
      ...manifest.dependencies,
      ...manifest.peerDependencies,
      ...(manifest as { optionalDependencies?: object }).optionalDependencies,
    }
    expect(JSON.stringify(installed)).not.toMatch(/node-linux-|node-runtime/)
    expect(JSON.stringify(manifest)).not.toMatch(/node-linux-/)
    expect(manifest).not.toHaveProperty('optionalDependencies')
    // Nor runs anything at install time that could put a `node` on its PATH.
    const scripts = (manifest as { scripts?: Record<string, string> }).scripts
    for (const hook of ['preinstall', 'install', 'postinstall'])
      expect(scripts?.[hook], hook).toBeUndefined()
  })

  it('ships only the built library and playground, the concept pages, its readme and licence', () => {
    const outside = files.filter(
      (file) =>
        !file.startsWith('dist/') &&
        !file.startsWith('dist-playground/') &&
        !/^docs\/concepts\/[a-z-]+\.md$/.test(file) &&
        !['package.json', 'README.md', 'LICENSE'].includes(file),
    )
    expect(outside).toEqual([])
    expect(
      files.filter(
        (file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts'),
      ),
    ).toEqual([])
    // A test or spec by its name's words (the CLI's `inspect` chunk is neither), or a source map.
    expect(
      files.filter((file) =>
        /(^|[^a-z])(tests?|specs?)([^a-z]|$)|\.map$/i.test(file),
      ),
    ).toEqual([])
    // The playground that `serve --playground` serves: its page and hashed assets, and never
    // msw's worker (in server mode the page must not intercept the API it talks to).
    const playground = files.filter((file) =>
      file.startsWith('dist-playground/'),
    )
    expect(playground).toContain('dist-playground/index.html')
    expect(
      playground.some((file) =>
        /mockServiceWorker|shared-mock-worker/.test(file),
      ),
    ).toBe(false)
    // What the sources cite (`concepts/idempotency.md#idempotency-replay`) resolves in node_modules.
    expect(files).toContain('docs/concepts/idempotency.md')
    // The store entry (hypermock-api/store) adds its JavaScript and types; the shared helpers of
    // src/common/ that several entries import become chunks of their own. GraphQL's code, loaded
    // on the first GraphQL request, is a chunk of its own in the library and in the playground,
    // and so is the stage runner both halves share (84 files). Since then: the Vite plugin's entry,
    // the handlers its virtual module loads by path and the types of that module (five files),
    // the chunks the plugin and the playground share with the engine (the remote client, the
    // handlers, defineApi), and graphql-sse's handler, a chunk of its own in the library and the
    // playground, loaded only for a GraphQL request that accepts an event stream (99 files); the
    // WebSocket events' chunk, which the handlers and the server share (100 files).
    // Since then: the Storybook addon's three entries, each with its types (the types-only
    // `hypermock-api/storybook`, the preview and manager parts), the messages both parts share, and
    // the type chunks of `parameters.hypermock` and of the handlers the preview part reuses (108
    // files). GraphQL's WebSocket session, a chunk in the library and the playground, and the
    // playground's GraphQL view, which loads GraphiQL when it opens: its component, its editor
    // (CodeMirror 5 and its add-ons, grouped in one chunk), its stylesheet, and the chunks of
    // graphql-js and React it shares with the page (123 files). The playground's views, each but
    // the Explorer a chunk loaded when it first opens, and the chunks two or more views share
    // (152 files). The command line's commands, each a chunk loaded when that command runs, and
    // the chunks they share (162 files).
    expect(files.length).toBeLessThanOrEqual(64 + 36 + 8 + 15 + 29 + 12)
    // The library: the declaration engine and its description generator, the OpenAPI importer, the
    // checker (hypermock-api/check and its report schema), the devtools panel and the operations
    // fold, unminified so its code reads as written. The playground page `serve --playground`
    // serves (its JS chunk, some 245 kB gzipped). Since 500 kB: `record`, the Playwright and shop
    // entries, the checker's header and merge-patch rules, and a description that lists PATCH and a
    // refused origin's 403 on every operation (526 kB). Since 560 kB: the PostgreSQL and IndexedDB
    // stores, the checker's description and generated-request rules with its baseline, the OpenAPI
    // importer's own collections, form bodies, the control API's description, TSDoc on every export
    // (572 kB). Since 600 kB: the store entry and its suite, API dialects (keys, envelopes,
    // paging, auth schemes, validation status, required headers, JSON Patch), the checker's
    // clean-up by key member and YAML descriptions (635 kB). Since 660 kB: GraphQL over the same
    // state, whose lazy chunk in the playground's build carries graphql-js and graphql-http, for a
    // mock that runs in the page (701 kB). Since 720 kB: state events and their stream, the event
    // log in every store, the sorted views of big lists, and the importer's error shapes and
    // repair of answers to their schemas (723 kB). Since 760 kB: events over a WebSocket (the
    // socket server `serve` loads on the first upgrade, msw's `ws` link), delivery faults and the
    // consumers' verdicts, the AsyncAPI document and the description's `webhooks`, and the dialects
    // of PUT creates and next-page objects (783 kB). Since 800 kB: the Storybook addon, its
    // preview part (the story's mock from parameters.hypermock, msw-storybook-addon's loader) and
    // its manager part (the devtools panel inline, with a State tab), 7 kB packed (801 kB, where
    // the package was 794 kB without it). Since 820 kB: the playground's GraphQL view, GraphiQL 4
    // and CodeMirror 5 in chunks loaded only when it opens (some 340 kB gzipped, without
    // GraphiQL's embedded fonts; GraphiQL 5 with monaco-editor measured 2.1 MB gzipped), and
    // GraphQL over a WebSocket. Since 1160 kB: the playground's views in chunks of their own (each
    // compressed apart), and the engine's collections without items or lists, creates at other
    // paths and keys beside an own id (1,173 kB packed). Since 1190 kB: writes on a collection
    // by keys (saved libraries) and operations on a collection as a whole, a resource's own
    // +json media type, and the router's ?query variants (1,198 kB packed).
    expect(statSync(tarballPath).size).toBeLessThan(1210 * 1024)
  })

  it('gives every code entry types and JavaScript that exist', () => {
    const codeEntries = Object.entries(manifest.exports).filter(
      ([, target]) => typeof target !== 'string',
    )
    expect(codeEntries.map(([entry]) => entry).sort()).toEqual([
      '.',
      './check',
      './client',
      './devtools',
      './devtools/lazy',
      './devtools/react',
      './msw',
      './msw/browser',
      './msw/node',
      './openapi',
      './playwright',
      './react',
      './server',
      './shop',
      './store',
      './storybook',
      './storybook/manager',
      './storybook/preview',
      './tldts-lite',
      './vite',
    ])
    for (const [entry, target] of codeEntries) {
      const conditions = target as Record<string, string>
      expect(Object.keys(conditions)[0], entry).toBe('types')
      for (const condition of ['types', 'import', 'default'])
        expect(
          existsSync(packed(conditions[condition]!)),
          `${entry} ${condition}`,
        ).toBe(true)
    }
    expect(manifest.exports['./openapi.json']).toBe('./dist/openapi.json')
    const description = JSON.parse(
      readFileSync(packed('dist/openapi.json'), 'utf8'),
    ) as { openapi: string; paths: Record<string, unknown> }
    expect(description.openapi).toMatch(/^3\.1\./)
    expect(description.paths).toHaveProperty(['/api/orders/{id}'])
    expect(manifest.exports['./check-report.schema.json']).toBe(
      './dist/check-report.schema.json',
    )
    const reportSchema = JSON.parse(
      readFileSync(packed('dist/check-report.schema.json'), 'utf8'),
    ) as { $schema: string; $defs: Record<string, unknown> }
    expect(reportSchema.$schema).toMatch(/2020-12/)
    expect(reportSchema.$defs).toHaveProperty('rule')
    expect(manifest.exports['./vite/client']).toBe('./dist/vite-client.d.ts')
    expect(readFileSync(packed('dist/vite-client.d.ts'), 'utf8')).toContain(
      "declare module 'virtual:hypermock'",
    )
    expect(manifest.exports['./mockServiceWorker.js']).toBe(
      './dist/mockServiceWorker.js',
    )
    expect(readFileSync(packed('dist/mockServiceWorker.js'), 'utf8')).toContain(
      'PACKAGE_VERSION',
    )
  })

  it('refers to its peers’ types instead of copying them into its own', () => {
    for (const file of files.filter((name) => name.endsWith('.d.ts'))) {
      const text = readFileSync(packed(file), 'utf8')
      expect(text, file).not.toMatch(/#region .*node_modules/)
      expect(text, file).not.toMatch(/declare class QueryClient\b/)
    }
  })

  it('ships no worker script for the shared mock: the leading tab runs it', () => {
    expect(files.some((file) => file.includes('shared-mock-worker'))).toBe(
      false,
    )
  })

  it('has a hypermock-api command that Node runs directly', () => {
    const bin = manifest.bin['hypermock-api']!
    const script = readFileSync(packed(bin), 'utf8')
    expect(script.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(statSync(packed(bin)).mode & 0o111).not.toBe(0)
  })

  it('leaves msw and React to the app: peers, React ones optional', () => {
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      '@hono/node-server',
      // Reads, bundles and validates an OpenAPI description (the importer's entry only).
      '@readme/openapi-parser',
      // The Standard Schema interface (types only): what a resource's schema implements.
      '@standard-schema/spec',
      // Validate an imported description's bodies with every error, and its formats.
      'ajv',
      'ajv-formats',
      // `check` generates seeded, reproducible request bodies and query values from a description.
      'fast-check',
      // GraphQL at <API base>/graphql, loaded on the first GraphQL request: graphql 16 is the line
      // msw 2 brings, so an app holds one copy; graphql-http answers GraphQL over HTTP.
      'graphql',
      'graphql-http',
      // GraphQL subscriptions over Server-Sent Events, loaded only for a request that wants a stream.
      'graphql-sse',
      // GraphQL over a WebSocket (graphql-transport-ws, Apollo's and urql's), loaded on a socket.
      'graphql-ws',
      'hono',
      // `check` parses Link headers (RFC 8288) with it.
      'http-link-header',
      'idb',
      // Loads `serve --config hypermock.config.ts` without a build step.
      'jiti',
      // Reads the YAML files an OpenAPI description's $refs name (the importer's own bundler).
      'js-yaml',
      // `serve --data postgres://…`: the pooled PostgreSQL client, loaded only for that URL.
      'pg',
      // Signs each webhook delivery by the Standard Webhooks scheme, loaded on the first delivery.
      'standardwebhooks',
      // `check` parses RateLimit and RateLimit-Policy (RFC 9651 structured fields) with it.
      'structured-headers',
      // `serve`'s WebSocket at <base>/events, loaded on the first upgrade.
      'ws',
      'zod',
    ])
    expect(manifest.peerDependencies.msw).toBe('^2.12.0 || ^3.0.0')
    for (const name of [
      'react',
      'react-dom',
      '@tanstack/react-query',
      // The Storybook addon's (hypermock-api/storybook only).
      'storybook',
      'msw-storybook-addon',
    ])
      expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true)
    expect(manifest.peerDependenciesMeta.msw).toBeUndefined()
  })
})
