import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

const reaction = z.object({
  id: z.number().int(),
  org: z.string(),
  team: z.string(),
  discussion: z.string(),
  comment: z.string(),
  content: z.string(),
})

const at = (path: string): ApiDeclaration =>
  defineApi({
    name: 'Teams',
    base: '/v1',
    auth: false,
    resources: {
      // GitHub's reactions to a comment of a team's discussion: nine segments deep.
      reactions: {
        schema: reaction,
        path,
        parents: {
          org: { field: 'org' },
          team: { field: 'team' },
          discussion: { field: 'discussion' },
          comment: { field: 'comment' },
        },
        create: z.object({ content: z.string() }),
        seed: [],
      },
    },
  })

const deep =
  '/orgs/{org}/teams/{team}/discussions/{discussion}/comments/{comment}/reactions'

describe('a nested collection nine segments deep', () => {
  it('is declared, created below its parents and listed there', async () => {
    const api = createMockApi({ api: at(deep) })
    const here =
      'http://api.test/v1/orgs/o/teams/t/discussions/1/comments/2/reactions'
    const made = await api.fetch(
      new Request(here, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: 'heart' }),
      }),
    )
    expect(made.status).toBe(201)
    const listed = (await (await api.fetch(new Request(here))).json()) as {
      items: { content: string }[]
    }
    expect(listed.items.map((r) => r.content)).toEqual(['heart'])
    const elsewhere = (await (
      await api.fetch(
        new Request(
          'http://api.test/v1/orgs/o/teams/t/discussions/1/comments/3/reactions',
        ),
      )
    ).json()) as { items: unknown[] }
    expect(elsewhere.items).toEqual([])
  })

  it('refuses a path deeper than twelve segments, naming the limit', () => {
    expect(() => createMockApi({ api: at(`/a/b/c/d${deep}`) })).toThrow(
      'up to 12 of them',
    )
  })
})
