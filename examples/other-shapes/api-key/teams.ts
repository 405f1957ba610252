/**
 * A PagerDuty-style API: `Authorization: Token token=<key>`, a tenant header on every request,
 * lists as `{ teams, offset, limit, total, more }`, one team as `{ team: { … } }`, and every
 * invalid field in one 400 `{ error: { message, errors } }`.
 */
import { defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'

export const API_KEY = 'y_NbAkKc66ryYTWUXYEu'

const teams = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1).max(100),
    description: z.string().max(1024).nullable(),
    summary: z.string(),
  }),
  create: {
    input: z.strictObject({
      name: z.string().min(1).max(100),
      description: z.string().max(1024).nullable().optional(),
    }),
    prepare: (ctx) => ({
      description: ctx.input.description ?? null,
      summary: ctx.input.name,
    }),
  },
  replace: z.strictObject({
    name: z.string().min(1).max(100),
    description: z.string().max(1024).nullable(),
    summary: z.string(),
  }),
  links: false,
  filters: ['name'],
  seed: ['Engineering', 'Support', 'Sales', 'Design', 'Finance'].map(
    (name) => ({ name, description: null, summary: name }),
  ),
})

export const teamsApi = defineApi({
  name: 'Teams',
  base: '/api',
  auth: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    prefix: 'Token token=',
  },
  tokens: { [API_KEY]: { owns: 'all' } },
  requiredHeaders: ['X-Tenant-Id'],
  validationStatus: 400,
  dialect: {
    envelope: {
      items: 'teams',
      offset: 'offset',
      perPage: 'limit',
      total: 'total',
      hasMore: 'more',
    },
    paging: {
      style: 'offset',
      params: { perPage: 'limit' },
      defaultPerPage: 25,
    },
    item: { member: 'team' },
  },
  resources: { teams },
  errorBody: (problem) => ({
    error: {
      message: problem.title,
      errors: problem.errors?.map(
        (e) => `${e.field ?? 'body'} ${e.message ?? 'is invalid'}`,
      ) ?? [problem.detail],
    },
  }),
})
