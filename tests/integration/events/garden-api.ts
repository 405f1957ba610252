import { z } from 'zod'
import { defineApi, defineResource } from '../../../src/mock-server/index.ts'

const timestamp = z.iso.datetime()

/** Gardeners own their beds and plants; a token that owns [1] reads gardener 1's rows only. */
const beds = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(50),
    gardenerId: z.number().int(),
    harvests: z.number().int(),
  }),
  owner: 'gardenerId',
  seed: [
    { name: 'North', gardenerId: 1, harvests: 0 },
    { name: 'South', gardenerId: 2, harvests: 0 },
  ],
})

const plants = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(50),
    bedId: z.number().int(),
    gardenerId: z.number().int(),
    /** Never shown: no event may carry it. */
    secret: z.string(),
    status: z.enum(['growing', 'harvested']),
    version: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  hidden: ['secret'],
  patch: true,
  owner: 'gardenerId',
  relations: { bed: { field: 'bedId', to: 'beds', nested: 'plants' } },
  create: { prepare: () => ({ secret: 'compost-recipe' }) },
  state: {
    field: 'status',
    initial: 'growing',
    transitions: {
      harvest: {
        from: ['growing'],
        to: 'harvested',
        // The bed counts its harvests: an action that changes another record.
        run: (ctx) => {
          const beds = ctx.data.table<{ id: number; harvests: number }>('beds')
          const bed = beds.get(ctx.item.bedId)!
          beds.update(bed.id, { harvests: bed.harvests + 1 })
        },
      },
    },
  },
  seed: [
    { name: 'Tomato', bedId: 1, gardenerId: 1, secret: 's1' },
    { name: 'Leek', bedId: 2, gardenerId: 2, secret: 's2' },
  ],
})

/** A resource whose changes are no events. */
const notes = defineResource({
  schema: z.strictObject({ id: z.number().int(), text: z.string().max(200) }),
  events: false,
})

export const gardenApi = defineApi({
  name: 'Garden',
  resources: { beds, plants, notes },
  tokens: {
    'ann-token': { owns: [1], scopes: ['read', 'write'] },
    'bob-token': { owns: [2], scopes: ['read', 'write'] },
    'admin-token': { owns: 'all', scopes: ['read', 'write'] },
  },
})
