import { statusPhrases } from '../../mock-server/problems/status-phrases.ts'

/** The RFC 9110 reason phrase: responses from the worker often carry an empty `statusText`. */
export function reasonPhrase(status: number, statusText = ''): string {
  return statusText || statusPhrases[status] || ''
}
