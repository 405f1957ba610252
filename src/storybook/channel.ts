import type {
  FaultRule,
  FaultRuleInput,
  JournalEntry,
  Operation,
} from '../mock-server/index.ts'
import type { StateTable } from '../devtools/render-state.ts'

/** The addon's id in Storybook. */
export const ADDON_ID = 'hypermock'
/**
 * The id of the addon's panel: a story or the preview may open it with Storybook's
 * `parameters: { options: { selectedPanel: PANEL_ID } }`.
 */
export const PANEL_ID = `${ADDON_ID}/panel`
/** The names of the messages between the story's frame and the panel. */
export const EVENTS = {
  /**
   * Story → panel: what the story's mock holds and has seen (`PanelData`), as a JSON string:
   * Storybook's channel would otherwise turn ISO date strings (the journal's times) into `Date`s.
   */
  data: `${ADDON_ID}/data`,
  /** Panel → story: send `data` now (the panel has just opened). */
  request: `${ADDON_ID}/request`,
  /** Panel → story: a fault rule to add, remove, or every one to clear (`FaultCommand`). */
  fault: `${ADDON_ID}/fault`,
  /** Story → panel: how a `fault` command went (`FaultAnswer`, as a JSON string). */
  faultAnswer: `${ADDON_ID}/fault-answer`,
} as const

/** Rows sent per table: the panel shows the first ones and the table's size, never a copy of it all. */
export const ROWS_SENT = 50

/** What the panel shows of the story's mock. */
export interface PanelData {
  /** The story shown, or null when no story's mock is active. */
  storyId: string | null
  operations: Operation[]
  journal: JournalEntry[]
  faults: FaultRule[]
  tables: StateTable[]
}

export const noData: PanelData = {
  storyId: null,
  operations: [],
  journal: [],
  faults: [],
  tables: [],
}

/** What the panel asks of the story's fault rules. */
export type FaultRequest =
  | { action: 'add'; rule: FaultRuleInput }
  | { action: 'remove'; ruleId: string }
  | { action: 'clear' }

/** A request as sent, numbered so its answer finds it. */
export type FaultCommand = FaultRequest & { id: number }

export type FaultAnswer =
  | { id: number; rule: FaultRule }
  | { id: number; error: string }
  | { id: number; done: true }
