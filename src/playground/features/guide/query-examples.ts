import { apiCollections } from '../../services/api-collections.ts'
import { isObject } from '../../../common/is-object.ts'

/** A collection query of the loaded API, written as the Guide shows it. */
export interface QueryExamples {
  /** The collection the examples are for (`/api/bookings`). */
  collection: string
  /** An equality filter with two values (`status=held,confirmed`); null: it declares none. */
  filter: string | null
  /** A range (`roomId[gte]=2`); null: it declares none. */
  range: string | null
  /** A sort on two keys, the second descending (`sort=status,-id`); null: it declares none. */
  sort: string | null
}

interface Parameter {
  name: string
  schema: Record<string, unknown>
}

/** The inline query parameters of a collection's GET (the shared `$ref`s are paging's). */
function parametersOf(paths: Record<string, unknown>, collection: string) {
  const item = paths[collection]
  const get = isObject(item) ? item.get : undefined
  const list = isObject(get) ? get.parameters : undefined
  return (Array.isArray(list) ? list : []).flatMap((p): Parameter[] =>
    isObject(p) &&
    p.in === 'query' &&
    typeof p.name === 'string' &&
    isObject(p.schema)
      ? [{ name: p.name, schema: p.schema }]
      : [],
  )
}

const itemsOf = (schema: Record<string, unknown>) =>
  isObject(schema.items) ? schema.items : schema

const enumOf = (schema: Record<string, unknown>): string[] => {
  const items = itemsOf(schema)
  return Array.isArray(items.enum)
    ? items.enum.filter((v): v is string => typeof v === 'string')
    : []
}

/** A value a range on this schema accepts. */
function rangeValue(schema: Record<string, unknown>) {
  if (schema.format === 'date') return '2026-01-01'
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z'
  return '2'
}

/** How good an example a collection's filters make: an enum filter best, a range next. */
function examplesOf(
  collection: string,
  parameters: Parameter[],
): { score: number; examples: QueryExamples } {
  const filters = parameters.filter(
    (p) => p.schema.type === 'array' && p.name !== 'sort',
  )
  const enumFilter = filters.find(
    (p) => p.name !== 'id' && enumOf(p.schema).length >= 2,
  )
  // Without an enum, only an integer filter has values to show (ids of other records).
  const integerFilter = filters.find(
    (p) => p.name !== 'id' && itemsOf(p.schema).type === 'integer',
  )
  const numbered = integerFilter ?? filters.find((p) => p.name === 'id') ?? null
  const filter = enumFilter
    ? `${enumFilter.name}=${enumOf(enumFilter.schema).slice(0, 2).join(',')}`
    : numbered && `${numbered.name}=1,2`
  const ranges = parameters.filter((p) => p.name.endsWith('[gte]'))
  const range = ranges.find((p) => p.name !== 'id[gte]') ?? ranges[0]
  const sortKeys = enumOf(
    parameters.find((p) => p.name === 'sort')?.schema ?? {},
  ).filter((key) => !key.startsWith('-'))
  const sortKey =
    enumFilter && sortKeys.includes(enumFilter.name)
      ? enumFilter.name
      : sortKeys.find((key) => key !== 'id')
  const sort =
    sortKey === undefined
      ? sortKeys.length > 0
        ? `sort=-${sortKeys[0]}`
        : null
      : sortKeys.includes('id')
        ? `sort=${sortKey},-id`
        : `sort=-${sortKey}`
  return {
    score:
      (enumFilter ? 4 : filter ? 1 : 0) +
      (range ? (range.name === 'id[gte]' ? 1 : 2) : 0) +
      (sortKey ? 1 : 0),
    examples: {
      collection,
      filter,
      range: range ? `${range.name}=${rangeValue(range.schema)}` : null,
      sort,
    },
  }
}

/**
 * Filter, range and sort examples from the loaded API's own collections, read from the
 * description it serves: the collection whose declared filters make the best example. `null`
 * while the description is not known, or when the API has no collection.
 */
export function queryExamples(description: unknown): QueryExamples | null {
  const api = apiCollections(description)
  if (api === null || !isObject(description) || !isObject(description.paths))
    return null
  const paths = description.paths
  let best: { score: number; examples: QueryExamples } | null = null
  for (const collection of api.collections) {
    const candidate = examplesOf(collection, parametersOf(paths, collection))
    if (best === null || candidate.score > best.score) best = candidate
  }
  return best?.examples ?? null
}
