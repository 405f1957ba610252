import { pascal } from './schema-names.ts'

type Responses = Record<string, Record<string, unknown>>

/**
 * Moves the problem responses that endpoints share (a 503 reads the same on most of them) into
 * `components.responses`, each referenced where it was: the description shrinks to a fraction, and
 * a reader sees one definition per answer. Named after the problem types they carry (`RateLimited`,
 * `InvalidJsonInvalidIdempotencyKey`, `NotFoundNoBody` for a HEAD's); another variant of one (other
 * headers) gets a number.
 */
export function shareResponses(
  paths: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  // Each problem response as JSON text, written once: the text both counts the copies and names
  // the shared one.
  const found: { responses: Responses; status: string; text: string }[] = []
  const counts = new Map<string, number>()
  for (const item of Object.values(paths))
    for (const { responses } of Object.values(item) as {
      responses: Responses
    }[])
      for (const [status, response] of Object.entries(responses))
        if (Number(status) >= 400) {
          const text = JSON.stringify(response)
          found.push({ responses, status, text })
          counts.set(text, (counts.get(text) ?? 0) + 1)
        }
  const shared: Record<string, unknown> = {}
  const names = new Map<string, string>()
  for (const { responses, status, text } of found) {
    if ((counts.get(text) ?? 0) < 2) continue
    let name = names.get(text)
    if (name === undefined) {
      const response = responses[status]!
      const slugs = [
        ...String(response.description).matchAll(/`([a-z0-9-]+)`/g),
      ].map((m) => m[1]!)
      // A HEAD's answer has no body: say so in its name, before any number.
      const wanted = `${pascal(slugs.join(' ')) || `Status${status}`}${response.content ? '' : 'NoBody'}`
      name = wanted
      for (let n = 2; name in shared; n++) name = `${wanted}${n}`
      shared[name] = response
      names.set(text, name)
    }
    responses[status] = { $ref: `#/components/responses/${name}` }
  }
  return shared
}
