import { z } from 'zod'
import { CheckArgumentError } from '../../check/check-argument-error.ts'
import { ruleIds, type RuleId } from '../../check/rule-registry.ts'
import { runChecks } from '../../check/run-checks.ts'
import { reachableUrl } from './reachable-url.ts'
import type { ToolContext } from './tool-context.ts'
import { guarded, redactor, toolError, toolResult } from './tool-result.ts'

/** Failing rules reported in full (with their curl lines); the rest are counted. */
const maxFailuresShown = 20

export function registerCheckTool(ctx: ToolContext) {
  const { server, client, allowedHosts } = ctx
  const ownApi = `${client.origin}${client.basePath}`

  server.registerTool(
    'run_check',
    {
      title: 'Run check',
      description: `Runs "hypermock-api check" against a server over HTTP: the conventions as rules (problem documents, validation, idempotency, links, status codes, caching). Default: the mock itself (${ownApi}). Another URL must be on this machine (localhost, 127.0.0.1) unless the user opened its host with --allowed-hosts, and is only read (GET, HEAD, OPTIONS): writes are allowed against the mock alone. Returns the summary and every failing rule with a curl line to reproduce it ($TOKEN stands for the credential).`,
      inputSchema: {
        url: z
          .string()
          .max(2_000)
          .optional()
          .describe('The API entry point, e.g. http://127.0.0.1:3000/api.'),
        rules: z
          .array(z.enum(ruleIds as [RuleId, ...RuleId[]]))
          .max(ruleIds.length)
          .optional()
          .describe('Only these rules (default: every rule).'),
        allowWrites: z
          .boolean()
          .default(false)
          .describe(
            'Let rules create, act on and delete records (each deleted afterwards); only against the mock.',
          ),
        token: z
          .string()
          .min(1)
          .max(4_096)
          .optional()
          .describe(
            "A Bearer credential for that server; it is sent only to the URL's origin and never shown back. Default against the mock: the server's own token.",
          ),
      },
      annotations: { openWorldHint: true },
    },
    ({ url, rules, allowWrites, token }) => {
      // The check's credential is hidden too, whoever handed it over.
      const redact = redactor([ctx.token, token])
      return guarded(redact, async () => {
        const target = url ?? ownApi
        const checked = reachableUrl(target, allowedHosts, 'url')
        if ('error' in checked) return toolError(checked.error, redact)
        const isMock = checked.url.origin === client.origin
        if (allowWrites && !isMock)
          return toolError(
            `allowWrites runs only against the mock (${client.origin}); to let the checker write to ${checked.url.origin}, run "hypermock-api check ${target} --allow-writes" yourself.`,
            redact,
          )
        const credential = token ?? (isMock ? ctx.token : undefined)
        let report
        try {
          report = await runChecks({
            baseUrl: target,
            allowWrites,
            ...(rules !== undefined && { rules }),
            ...(credential !== undefined && { token: credential }),
            ruleTimeoutMs: 20_000,
          })
        } catch (error) {
          if (error instanceof CheckArgumentError)
            return toolError(error.message, redact)
          throw error
        }
        const failing = report.rules.filter(
          (rule) => rule.status === 'fail' && !rule.accepted,
        )
        return toolResult(
          {
            baseUrl: report.baseUrl,
            exitCode: report.exitCode,
            error: report.error,
            summary: report.summary,
            failures: failing.slice(0, maxFailuresShown).map((rule) => ({
              id: rule.id,
              level: rule.level,
              title: rule.title,
              reason: rule.reason,
              ...(rule.expected !== undefined && { expected: rule.expected }),
              ...(rule.actual !== undefined && { actual: rule.actual }),
              curl: rule.evidence.slice(0, 3).map((evidence) => evidence.curl),
            })),
            failuresNotShown: Math.max(0, failing.length - maxFailuresShown),
            skipped: report.rules
              .filter((rule) => rule.status === 'skip')
              .map((rule) => ({ id: rule.id, reason: rule.reason })),
          },
          redact,
        )
      })
    },
  )
}
