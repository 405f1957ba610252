import { isObject } from '../../common/is-object.ts'
export interface ApiCollections {
  /** Collection paths (`/api/rooms`): a template with an item below it (`/api/rooms/{id}`). */
  collections: string[]
  /** The collections that take a POST. */
  creatable: string[]
  /** Whether this is the built-in domain (its `/api/orders` and payments). */
  builtIn: boolean
}

/**
 * The collections of the loaded API, read from the OpenAPI description it serves, so a view offers
 * this API's paths and never the built-in domain's. `null` while the description is not known.
 */
export function apiCollections(description: unknown): ApiCollections | null {
  if (!isObject(description) || !isObject(description.paths)) return null
  const paths = description.paths
  const templates = Object.keys(paths)
  const collections = templates.filter(
    (template) =>
      !template.includes('{') &&
      !template.endsWith('/problems') &&
      templates.includes(`${template}/{id}`),
  )
  return {
    collections,
    creatable: collections.filter((template) => {
      const item = paths[template]
      return isObject(item) && 'post' in item
    }),
    builtIn: '/api/orders' in paths,
  }
}
