import type { ReactNode } from 'react'
import { apiCollections } from '../../services/api-collections.ts'
import { useApiDescription } from '../../services/use-api-description.ts'

/** Text about the built-in domain (its tokens, its owners), shown only when that is the API loaded. */
export function BuiltInOnly({
  children,
  otherwise = null,
}: {
  children: ReactNode
  otherwise?: ReactNode
}) {
  const api = apiCollections(useApiDescription())
  return api === null || api.builtIn ? children : otherwise
}
