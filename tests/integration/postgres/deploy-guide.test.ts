import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { haproxyConfig, serveArgs } from './replica-cluster.ts'

const guide = readFileSync(
  new URL('../../../docs/guide/deploy-replicas.md', import.meta.url),
  'utf8',
)
const blocks = [...guide.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(
  ([, lang, text]) => ({ lang: lang!, text: text! }),
)

test("the deployment guide's HAProxy configuration is the one the replica suite runs", () => {
  const config = blocks.find((block) => block.text.startsWith('global'))
  expect(config?.text).toBe(haproxyConfig(8080, [8787, 8788]))
})

test("the deployment guide starts replicas with the suite's command line", () => {
  const url = 'postgres://postgres@127.0.0.1:5432/shop'
  const commands = blocks
    .filter((block) => block.lang === 'sh')
    .flatMap((block) => block.text.trim().split('\n'))
    .filter((line) => line.startsWith('npx hypermock-api serve'))
  expect(commands).toEqual(
    [8787, 8788].map(
      (port) => `npx hypermock-api ${serveArgs(url, port).join(' ')}`,
    ),
  )
  // The suite creates its database by the same statement.
  expect(guide).toContain("-c 'CREATE DATABASE shop'")
})
