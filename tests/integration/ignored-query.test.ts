import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMockApi, defineApi } from '../../src/mock-server/index.ts'

const api = defineApi({
  name: 'Secrets',
  base: '/v1',
  auth: false,
  resources: {
    secrets: {
      schema: z.object({ id: z.number().int(), name: z.string() }),
      list: { ignore: ['scope', 'expand'] },
      seed: [{ name: 'one' }, { name: 'two' }],
    },
  },
})

const list = async (query: string) => {
  const response = await createMockApi({ api }).fetch(
    new Request(`http://api.test/v1/secrets?${query}`),
  )
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  }
}

describe('query parameters a list takes and ignores (list.ignore)', () => {
  it('ignores their deepObject members and their repeated array form', async () => {
    const answer = await list(
      'scope[type]=account&scope[user]=u_1&expand[]=data.owner&expand[]=data.scope',
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect((answer.body.items as unknown[]).length).toBe(2)
  })

  it('still refuses a parameter the list does not know, naming it', async () => {
    const answer = await list('scope[type]=account&colour=red')
    expect(answer.status).toBe(400)
    expect(
      (answer.body.errors as { field: string }[]).map((e) => e.field),
    ).toEqual(['colour'])
  })
})
