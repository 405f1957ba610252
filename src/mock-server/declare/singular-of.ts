/**
 * A collection name made singular by the common English rules, for messages, summaries and ETags
 * (`books`: book, `categories`: category, `boxes`: box, `addresses`: address). A name these rules
 * get wrong takes a declared `singular`.
 */
export function singularOf(plural: string): string {
  if (/[^aeiou]ies$/i.test(plural)) return `${plural.slice(0, -3)}y`
  if (/(ss|x|z|ch|sh)es$/i.test(plural)) return plural.slice(0, -2)
  if (/[^su]s$/i.test(plural)) return plural.slice(0, -1)
  return plural
}
