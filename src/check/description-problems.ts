import { isObject } from './openapi-document.ts'

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch']

/**
 * Why an OpenAPI description cannot be trusted, `[]` when it can: not a JSON object, not
 * OpenAPI 3, a stub (`"openapi": "string"`, no paths), or paths that are not path items. A
 * mock that generates its own description from a schema serves such stubs; believing one would
 * hide the API behind it.
 */
export function descriptionProblems(document: unknown): string[] {
  if (!isObject(document)) return ['not a JSON object']
  const problems: string[] = []
  const version = document.openapi
  if (typeof version !== 'string' || !/^3\.\d+\.\d+$/.test(version))
    problems.push(
      `"openapi" is ${JSON.stringify(version) ?? 'missing'}, not a version such as "3.1.0"`,
    )
  const info = document.info
  if (!isObject(info) || typeof info.title !== 'string')
    problems.push('no info.title')
  const paths = document.paths
  if (!isObject(paths) || Object.keys(paths).length === 0)
    problems.push('no paths')
  else {
    const bad = Object.entries(paths).filter(
      ([path, item]) =>
        !path.startsWith('/') ||
        !isObject(item) ||
        !Object.keys(item).some(
          (key) => METHODS.includes(key) || key === '$ref',
        ),
    )
    if (bad.length > 0)
      problems.push(
        `${bad.length} of ${Object.keys(paths).length} paths are not path items with an operation (${bad
          .slice(0, 3)
          .map(([path]) => JSON.stringify(path))
          .join(', ')})`,
      )
  }
  return problems
}
