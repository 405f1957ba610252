import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ruleCatalogue } from '../../src/check/index.ts'
import { problemSlugs } from '../../src/mock-server/problems/catalogue.ts'
import { problemConcept } from '../../src/mock-server/problems/problem-concepts.ts'
import {
  docPages,
  explicitAnchors,
  filesUnder,
  readDoc,
  root,
} from './doc-pages.ts'

const conceptPages = [
  'resources',
  'links',
  'problems',
  'validation',
  'idempotency',
  'retries',
  'rate-limits',
  'caching',
  'authentication',
]

/** Anchors of every concept page, by `concepts/<page>.md`. */
const anchors = new Map(
  docPages()
    .filter((page) => page.startsWith('concepts/'))
    .map((page) => [page, explicitAnchors(readDoc(page))]),
)

function exists(citation: string) {
  const [page, anchor] = citation.split('#')
  return anchors.get(page!)?.has(anchor!) ?? false
}

/** "§8", "contract section 6", "conventions section 8", "the conventions' retry rules (section 8)". */
const sectionCitation =
  /§|\b(?:contract|conventions'?)\b[\s*]*(?:[^.()\n]{0,40}\()?sections? \d/gi

const sources = filesUnder('src', (path) => /\.(ts|tsx|json)$/.test(path))
/** The checker's own files cite by rule, and are cleared of section numbers separately. */
const outsideCheck = sources.filter((path) => !path.startsWith('src/check/'))

describe('concept pages', () => {
  it.each(conceptPages)('concepts/%s.md exists', (page) => {
    expect(anchors.has(`concepts/${page}.md`)).toBe(true)
  })

  it.each(ruleCatalogue.map((rule) => rule.id))(
    'check rule %s has an anchor on one concept page',
    (id) => {
      const pages = [...anchors].filter(([, ids]) => ids.has(id))
      expect(pages.map(([page]) => page)).toHaveLength(1)
    },
  )

  it.each(problemSlugs)('problem type %s links to its concept', (slug) => {
    expect(exists(problemConcept(slug))).toBe(true)
  })
})

describe('citations in the sources', () => {
  it('no file cites a section number of a document outside the repository', () => {
    const offenders = outsideCheck.flatMap((path) => {
      const text = readFileSync(join(root, path), 'utf8')
      return [...text.matchAll(sectionCitation)].map(
        (match) =>
          `${path}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`,
      )
    })
    expect(offenders).toEqual([])
  })

  it('every concepts/<page>.md#<anchor> cited in src/ exists', () => {
    const cited = sources.flatMap((path) =>
      [
        ...readFileSync(join(root, path), 'utf8').matchAll(
          /concepts\/[a-z-]+\.md#[\w-]+/g,
        ),
      ].map(([citation]) => ({ path, citation })),
    )
    expect(cited.length).toBeGreaterThan(10)
    expect(cited.filter(({ citation }) => !exists(citation))).toEqual([])
  })
})
