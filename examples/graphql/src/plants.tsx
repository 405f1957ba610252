import { useState, type FormEvent } from 'react'
import { gql, useMutation, useQuery, type CombinedError } from 'urql'

/** The declared enum `'seedling' | 'growing' | 'harvested'`, as GraphQL names its values. */
type PlantStatus = 'SEEDLING' | 'GROWING' | 'HARVESTED'
const statuses: PlantStatus[] = ['SEEDLING', 'GROWING', 'HARVESTED']

interface Plant {
  id: string
  name: string
  status: PlantStatus
}

const PlantsQuery = gql<{
  plants: { totalCount: number; edges: { node: Plant }[] }
}>`
  query Plants {
    plants(first: 100) {
      totalCount
      edges {
        node {
          id
          name
          status
        }
      }
    }
  }
`

const AddPlant = gql<{ createPlant: Plant }, { name: string }>`
  mutation AddPlant($name: String!) {
    createPlant(input: { name: $name, status: SEEDLING }) {
      id
      name
      status
    }
  }
`

const SetStatus = gql<
  { updatePlant: Plant },
  { id: string; status: PlantStatus }
>`
  mutation SetStatus($id: ID!, $status: PlantStatus!) {
    updatePlant(id: $id, patch: { status: $status }) {
      id
      status
    }
  }
`

// An empty list holds no `Plant` yet: this tells urql's cache the query is about plants anyway.
const listContext = { additionalTypenames: ['Plant'] }

/**
 * What went wrong, as the mock says it: a validation failure lists each invalid value in its
 * `extensions.errors` (the REST 422's items), other errors carry their message.
 */
function describeError(error: CombinedError): string {
  const [first] = error.graphQLErrors
  const invalid = first?.extensions.errors as
    | { field: string; message: string }[]
    | undefined
  if (invalid?.length)
    return invalid
      .map(({ field, message }) => `${field}: ${message}`)
      .join('; ')
  return first?.message ?? error.message
}

/** The garden's plants over GraphQL: the list, a form to add one, and each one's status to change. */
export function Plants() {
  const [{ data, error, fetching }] = useQuery({
    query: PlantsQuery,
    context: listContext,
  })
  const [added, addPlant] = useMutation(AddPlant)
  const [changed, setStatus] = useMutation(SetStatus)
  const [name, setName] = useState('')

  async function add(event: FormEvent) {
    event.preventDefault()
    const result = await addPlant({ name })
    if (!result.error) setName('')
  }

  const failure = added.error ?? changed.error
  return (
    <main>
      <h1>Garden</h1>
      {error && (
        <p role="alert">
          The plants could not be loaded: {describeError(error)}
        </p>
      )}
      {!data && fetching && <p>Loading plants…</p>}
      {data && (
        <>
          <p>{data.plants.totalCount} plants</p>
          <ul aria-label="Plants">
            {data.plants.edges.map(({ node }) => (
              <li key={node.id}>
                {node.name}{' '}
                <select
                  aria-label={`Status of ${node.name}`}
                  value={node.status}
                  onChange={(event) =>
                    void setStatus({
                      id: node.id,
                      status: event.target.value as PlantStatus,
                    })
                  }
                >
                  {statuses.map((status) => (
                    <option key={status} value={status}>
                      {status.toLowerCase()}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </>
      )}
      <form onSubmit={add}>
        <label>
          Name{' '}
          <input
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
          />
        </label>{' '}
        <button type="submit" disabled={added.fetching}>
          Add the plant
        </button>
      </form>
      {failure && <p role="alert">{describeError(failure)}</p>}
    </main>
  )
}
