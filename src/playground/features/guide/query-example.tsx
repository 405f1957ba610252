import { apiCollections } from '../../services/api-collections.ts'
import { useApiDescription } from '../../services/use-api-description.ts'
import { queryExamples, type QueryExamples } from './query-examples.ts'

type Kind = keyof QueryExamples

/** The built-in domain's own examples, on its orders. */
const builtIn: Record<Kind, string> = {
  collection: '/api/orders',
  filter: 'status=pending,paid',
  range: 'total[gte]=100',
  sort: 'sort=field,-field',
}

/** What is shown when the loaded API declares no such parameter. */
const generic: Record<Kind, string> = {
  collection: 'a collection',
  filter: 'field=a,b',
  range: 'field[gte]=value',
  sort: 'sort=field,-field',
}

/**
 * One collection query of the loaded API (`kind`), as code: the built-in domain's own example on
 * its orders, else one from the collections and members the loaded API declares.
 */
export function QueryExample({ kind }: { kind: Kind }) {
  const description = useApiDescription()
  const api = apiCollections(description)
  const text =
    api === null || api.builtIn
      ? builtIn[kind]
      : (queryExamples(description)?.[kind] ?? generic[kind])
  return <code>{text}</code>
}
