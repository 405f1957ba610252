/** The concept page a rule's `source` starts with (`concepts/links.md`): reports group rules by it. */
export const conceptPageOf = (source: string) =>
  source.split(/[#;]/)[0] ?? source
