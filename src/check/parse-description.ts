import { load } from 'js-yaml'

/**
 * An OpenAPI description's text as a value: JSON, else YAML. Throws YAML's error (with its line)
 * when it is neither.
 */
export function parseDescription(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return load(text)
  }
}
