import { defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'

/** Tasks: open until completed; a title is required and short. */
const tasks = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    title: z.string().min(1).max(120),
    status: z.enum(['open', 'done']),
    createdAt: z.iso.datetime(),
  }),
  filters: ['status'],
  patch: true,
  state: {
    field: 'status',
    initial: 'open',
    transitions: { complete: { from: ['open'], to: 'done' } },
  },
  seed: ({ at }) => [
    { title: 'Read the MCP guide', status: 'done', createdAt: at(0) },
    {
      title: 'Register the server with the agent',
      status: 'open',
      createdAt: at(1),
    },
  ],
})

export default defineApi({ name: 'tasks', auth: false, resources: { tasks } })
