import type { JournalEntry } from '../../../index.ts'

export type StatusClass = '' | '2xx' | '3xx' | '4xx' | '5xx' | 'no-response'

export interface JournalFilter {
  /** An exact method, or '' for every method. */
  method: string
  status: StatusClass
  /** Case-insensitive text the path must contain. */
  path: string
  faultsOnly: boolean
}

export const emptyJournalFilter: JournalFilter = {
  method: '',
  status: '',
  path: '',
  faultsOnly: false,
}

export const statusClasses: { value: StatusClass; label: string }[] = [
  { value: '', label: 'Any status' },
  { value: '2xx', label: '2xx success' },
  { value: '3xx', label: '3xx (304 Not Modified)' },
  { value: '4xx', label: '4xx client error' },
  { value: '5xx', label: '5xx server error' },
  { value: 'no-response', label: 'No response (network error)' },
]

/** The status class of an entry; status 0 means the caller got a network error. */
export function statusClassOf(status: number): Exclude<StatusClass, ''> {
  if (status === 0) return 'no-response'
  if (status >= 500) return '5xx'
  if (status >= 400) return '4xx'
  if (status >= 300) return '3xx'
  return '2xx'
}

export function filterJournal(
  entries: readonly JournalEntry[],
  filter: JournalFilter,
): JournalEntry[] {
  const text = filter.path.trim().toLowerCase()
  return entries.filter(
    (entry) =>
      (filter.method === '' || entry.method === filter.method) &&
      (filter.status === '' || statusClassOf(entry.status) === filter.status) &&
      (text === '' || entry.path.toLowerCase().includes(text)) &&
      (!filter.faultsOnly || entry.fault !== null),
  )
}
