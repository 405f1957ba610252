import { z } from 'zod'
import { defineApi, defineResource } from '../../src/index.ts'

const timestamp = z.iso.datetime()

/** Gardeners: each owns the beds and plants that name them. */
const gardeners = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(100),
  }),
  owner: 'id',
  seed: [{ name: 'Ada' }, { name: 'Grace' }],
})

/** Beds: a gardener's patch of soil, with a capacity. */
const beds = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(60),
    gardenerId: z.number().int(),
    capacity: z.number().int().min(1).max(50),
  }),
  owner: 'gardenerId',
  relations: {
    gardener: { field: 'gardenerId', to: 'gardeners', nested: 'beds' },
  },
  seed: [
    { name: 'North', gardenerId: 1, capacity: 12 },
    { name: 'South', gardenerId: 1, capacity: 8 },
    { name: 'Shade', gardenerId: 2, capacity: 6 },
  ],
})

/** Plants: sown, growing, lent out to a neighbour, harvested. */
const plants = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(80),
    bedId: z.number().int(),
    gardenerId: z.number().int(),
    status: z.enum(['growing', 'on-loan', 'harvested']),
    heightCm: z.number().min(0).max(500),
    sownOn: z.iso.date(),
    label: z.email().optional(),
    version: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  owner: 'gardenerId',
  filters: ['status', 'bedId', 'heightCm', 'sownOn', 'name'],
  sort: ['heightCm', 'name', 'sownOn'],
  patch: true,
  relations: {
    bed: { field: 'bedId', to: 'beds', nested: 'plants' },
  },
  state: {
    field: 'status',
    initial: 'growing',
    transitions: {
      harvest: { from: ['growing'], to: 'harvested', title: 'Harvest it' },
      lend: { from: ['growing'], to: 'on-loan', title: 'Lend it out' },
      reclaim: { from: ['on-loan'], to: 'growing', title: 'Take it back' },
    },
  },
  seed: ({ at }) =>
    Array.from({ length: 7 }, (_, i) => ({
      name: ['Basil', 'Chard', 'Dill', 'Fennel', 'Kale', 'Leek', 'Mint'][i]!,
      bedId: i < 4 ? 1 : i < 6 ? 2 : 3,
      gardenerId: i < 6 ? 1 : 2,
      status: 'growing' as const,
      heightCm: 5 + i * 3,
      sownOn: `2026-0${(i % 5) + 3}-1${i}`,
      createdAt: at(i),
    })),
})

/** A garden: beds, the plants in them, the gardeners who own both. */
export const gardenApi = defineApi({
  name: 'Garden',
  resources: { gardeners, beds, plants },
  tokens: {
    'ada-token': {
      principal: 'gardener:1',
      owns: [1],
      scopes: ['read', 'write'],
    },
    'grace-token': {
      principal: 'gardener:2',
      owns: [2],
      scopes: ['read', 'write'],
    },
    'reader-token': { principal: 'reader', owns: [1], scopes: ['read'] },
  },
})
