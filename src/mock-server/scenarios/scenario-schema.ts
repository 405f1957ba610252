import { z } from 'zod'
import { configPatchSchema } from '../control/config-patch.ts'
import { faultRuleInputSchema } from '../faults/fault-rule.ts'

const stepMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

const stepSchema = z
  .strictObject({
    /** Lets a later step follow a link of this step's answer. */
    name: z.string().min(1, { error: 'must not be empty' }).optional(),
    title: z.string().min(1, { error: 'must say what the step does' }),
    /** Default: the link's own method for an action link, else GET. */
    method: z
      .string()
      .transform((value) => value.toUpperCase())
      .pipe(
        z.enum(stepMethods, {
          error: `must be one of ${stepMethods.join(', ')}`,
        }),
      )
      .optional(),
    path: z
      .string()
      .startsWith('/', { error: 'must be a path starting with "/"' })
      .optional(),
    link: z
      .strictObject({
        from: z.string().min(1, { error: 'must name an earlier step' }),
        rel: z.string().min(1, { error: 'must be a link relation' }),
      })
      .optional(),
    body: z.json().optional(),
  })
  .refine((step) => (step.path === undefined) !== (step.link === undefined), {
    error: 'needs either a path or a link to follow, not both',
  })

const stepsSchema = z.array(stepSchema).superRefine((steps, context) => {
  const named = new Set<string>()
  steps.forEach((step, index) => {
    if (step.link && !named.has(step.link.from))
      context.addIssue({
        code: 'custom',
        path: [index, 'link', 'from'],
        message: `names no earlier step ("${step.link.from}"): give that step a name`,
      })
    if (step.name !== undefined) named.add(step.name)
  })
})

export const scenarioSchema = z.strictObject({
  id: z
    .string({ error: 'must be a kebab-case name' })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
      error: 'must be kebab-case, such as "slow-network"',
    }),
  title: z
    .string({ error: 'must be a short name' })
    .min(1, { error: 'must not be empty' }),
  description: z
    .string({ error: 'must say what the scenario shows' })
    .min(1, { error: 'must not be empty' }),
  /** The credential the scenario's requests use. */
  token: z
    .string({ error: 'must be a credential, such as "reader-token"' })
    .min(1, { error: 'must be a credential, such as "reader-token"' }),
  faults: z.array(faultRuleInputSchema).default([]),
  config: configPatchSchema.default({}),
  steps: stepsSchema.default([]),
})

/**
 * A named set-up of the mock: its faults, settings and credential, and the requests (steps) that
 * show what it demonstrates. Built-in scenarios and custom ones have this same shape.
 */
export type Scenario = z.input<typeof scenarioSchema>
/** One request a scenario sends to show what it demonstrates. */
export type ScenarioStep = z.input<typeof stepSchema>
/** A scenario as `applyScenario` returns it: validated, with every default filled in. */
export type ResolvedScenario = z.output<typeof scenarioSchema>

/** A custom scenario that does not have the expected shape; `issues` lists every problem. */
export class InvalidScenarioError extends Error {
  override readonly name = 'InvalidScenarioError'
  readonly issues: string[]

  constructor(label: string, issues: string[]) {
    super(
      `Failed to apply the scenario ${label}: ${issues.join('; ')}. ` +
        'Fix these members (the Scenario type describes the shape), or apply a built-in scenario by its id.',
    )
    this.issues = issues
  }
}

export function parseScenario(input: unknown): ResolvedScenario {
  const parsed = scenarioSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const id = (input as { id?: unknown } | null)?.id
  throw new InvalidScenarioError(
    typeof id === 'string' ? `"${id}"` : '(no id)',
    parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    ),
  )
}
