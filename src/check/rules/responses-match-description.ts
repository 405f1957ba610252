import { operationFor } from '../openapi-document.ts'
import { responseProblems } from '../response-conformance.ts'
import {
  defineRule,
  fail,
  findingSteps,
  pass,
  skip,
  type Finding,
} from '../rule.ts'

/**
 * Every response of the run, judged against the operation the description documents for it:
 * its status, media type, body schema and required headers (what Schemathesis and Dredd check).
 */
export const responsesMatchDescription = defineRule({
  id: 'responses-match-description',
  level: 'must',
  concept: 'resources',
  also: 'OpenAPI 3.0/3.1 (Responses Object); JSON Schema 2020-12',
  sends: 'nothing: judges every response of the run against the description',
  writes: false,
  title:
    'With a description, every response has a documented status and media type, a body its schema accepts, and the headers it requires',
  phase: 'journal',
  async run({ options, discovery, journal }) {
    const doc = discovery.openapi
    if (!doc)
      return skip(
        'no trusted OpenAPI description (give --openapi or a service-desc link)',
      )
    const findings: Finding[] = []
    let judged = 0
    for (const exchange of journal) {
      if (exchange.url.origin !== options.baseUrl.origin) continue
      const operation = operationFor(
        doc,
        options.baseUrl,
        exchange.method,
        exchange.url.pathname,
      )
      if (!operation) continue
      judged++
      for (const problem of responseProblems(doc, operation, {
        method: exchange.method,
        status: exchange.status,
        headers: exchange.headers,
        json: exchange.json,
        hasBody: exchange.evidence.response?.body !== undefined,
      }))
        findings.push({
          exchange,
          what: `${exchange.method} ${exchange.url.href} → ${exchange.status}: ${problem.what} [${problem.schemaPath}]`,
        })
    }
    if (judged === 0)
      return skip(
        'no response of the run was for an operation the description documents',
      )
    if (findings.length === 0)
      return pass(`${judged} responses match the description`)
    const distinct = [...new Set(findings.map((f) => f.what))]
    return fail(
      'every response as the description documents it: status, media type, body schema, required headers',
      `${distinct.length} departure(s) in ${judged} responses: ${distinct.slice(0, 5).join('; ')}`,
      findingSteps(findings),
    )
  },
})
