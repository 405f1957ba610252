import type { FaultRule, FaultRuleInput, MockApi } from '../index.ts'
import type { StateTable } from './render-state.ts'

/** What the panel reads: a mock instance (`startMockWorker()`, `createMockApi()`, a shared one). */
export type DevtoolsSource = Pick<
  MockApi,
  'operations' | 'journal' | 'faults' | 'subscribe'
> & {
  /**
   * A browser mock's start-up report (`startMockWorker()`): stored rows that no longer fit the
   * declaration, or storage that could not be used. The panel shows it.
   */
  readonly shared?: { readonly startupNotice: string | null }
}

/**
 * What the panel itself reads: a devtools source, or a mock seen from another frame (the Storybook
 * addon's panel), whose fault rules are added by a message and whose data state the panel shows in
 * a State tab (first rows and size of each table).
 */
export type PanelSource = Omit<DevtoolsSource, 'faults'> & {
  readonly faults: Omit<DevtoolsSource['faults'], 'add'> & {
    add(rule: FaultRuleInput): FaultRule | Promise<FaultRule>
  }
  readonly stateTables?: () => readonly StateTable[]
}

/** How the devtools panel opens and where it keeps its state. */
export interface DevtoolsOptions {
  /** Open the panel at once instead of showing only its button. @default false */
  initialIsOpen?: boolean
  /**
   * Where the panel remembers its place and state between visits (`localStorage`), so two apps on
   * one origin can keep theirs apart. @default 'hypermock-devtools'
   */
  storageKey?: string
  /** The element the panel's host is appended to. @default document.body */
  container?: HTMLElement
}

export interface ResolvedDevtoolsOptions {
  initialIsOpen: boolean
  storageKey: string
  container: HTMLElement
}

/** The panel mounted in the page; `unmount()` removes it and its listeners. */
export interface DevtoolsHandle {
  open(): void
  close(): void
  unmount(): void
}

export function resolveDevtoolsOptions(
  options: DevtoolsOptions = {},
): ResolvedDevtoolsOptions {
  return {
    initialIsOpen: options.initialIsOpen ?? false,
    storageKey: options.storageKey ?? 'hypermock-devtools',
    container: options.container ?? document.body,
  }
}
