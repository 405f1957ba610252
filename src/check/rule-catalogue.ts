import type { RuleLevel } from './check-types.ts'
import { rules, type RuleId } from './rule-registry.ts'

export interface RuleCatalogueEntry {
  id: RuleId
  level: RuleLevel
  source: string
  title: string
  /** What the rule sends. */
  sends: string
  /** What it changes on the server (only with `allowWrites`), or `false`. */
  writes: string | false
}

/** What each rule checks, sends and writes, and where it comes from: for docs and `--help`. */
export const ruleCatalogue: readonly RuleCatalogueEntry[] = rules.map(
  ({ id, level, source, title, sends, writes }) => ({
    id,
    level,
    source,
    title,
    sends,
    writes,
  }),
)
