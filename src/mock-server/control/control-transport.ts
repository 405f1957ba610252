import type { FaultRule, FaultRuleInput } from '../faults/fault-rule.ts'
import type { JournalEntry } from '../journal.ts'
import type { MockConfig } from '../mock-config.ts'
import type { StateSnapshot } from '../store/types.ts'
import type {
  CommandInput,
  CommandOutput,
  ControlCommandName,
} from './control-commands.ts'

/** Everything a remote client shows of the mock, copied to it so that its reads stay synchronous. */
export interface Mirror {
  state: StateSnapshot
  faults: FaultRule[]
  config: MockConfig
  journal: JournalEntry[]
  /** The mock clock's lead over real time (`POST /__mock/clock`). */
  clockOffsetMs: number
  /** The number the next fault rule's id will carry (`fault-<n>`), as far as the client knows. */
  nextFault: number
}

/**
 * A change the far end tells its clients about, with what they need to update their copy.
 * `remote` says that someone else (another tab, another client of the server) made it.
 */
export type RemoteEvent =
  | { type: 'request'; entry: JournalEntry; faults: FaultRule[] }
  | { type: 'state'; remote?: boolean }
  | { type: 'faults'; faults: FaultRule[]; nextFault: number }
  | { type: 'config'; config: MockConfig }
  | { type: 'clock'; clockOffsetMs: number }
  | { type: 'journal'; journal: JournalEntry[] }
  | { type: 'reset'; mirror: Mirror; remote?: boolean }
  /** A sentence for the page (a save that failed, a mock that restarted). */
  | { type: 'notice'; message: string }

/** What the previous playground kept in `localStorage`, handed over once to the shared mock. */
export interface LegacySave {
  state: StateSnapshot
  faults: FaultRuleInput[]
  config: MockConfig
}

/**
 * How a remote client reaches a mock that runs elsewhere: a `MessagePort` to the tab or worker
 * that runs it, or HTTP to a server. The client is the same over either.
 */
export interface ControlTransport {
  /** Connects; `listener` hears every change from then on. Resolves with the first full copy. */
  open(
    listener: (event: RemoteEvent) => void,
  ): Promise<{ mirror: Mirror; notice: string | null }>
  /** Runs one control command on the mock, after every command sent before it. */
  call<N extends ControlCommandName>(
    name: N,
    input: CommandInput<N>,
  ): Promise<CommandOutput<N>>
  /** A full copy of what the client shows, read afresh. */
  pull(): Promise<Mirror>
  /** Sends a request of the API to the mock. */
  fetch(request: Request): Promise<Response>
  /** Hands an old save over; false when the mock already held data (or cannot take one). */
  migrate(legacy: LegacySave): Promise<boolean>
}
