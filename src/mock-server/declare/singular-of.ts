/**
 * Plurals the rules below get wrong, common in APIs. A `-ves` plural is listed word by word:
 * `shelves` is a shelf, but `archives` an archive.
 */
const irregular: Readonly<Record<string, string>> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  feet: 'foot',
  teeth: 'tooth',
  geese: 'goose',
  shelves: 'shelf',
  wolves: 'wolf',
  halves: 'half',
  calves: 'calf',
  knives: 'knife',
  wives: 'wife',
  thieves: 'thief',
  loaves: 'loaf',
  scarves: 'scarf',
  selves: 'self',
  statuses: 'status',
  buses: 'bus',
  campuses: 'campus',
  bonuses: 'bonus',
  viruses: 'virus',
  censuses: 'census',
  indices: 'index',
  matrices: 'matrix',
  vertices: 'vertex',
  criteria: 'criterion',
  analyses: 'analysis',
  crises: 'crisis',
  theses: 'thesis',
  quizzes: 'quiz',
}

/**
 * A collection name made singular by the common English rules and a list of common irregular
 * plurals, for messages, summaries, ETags and GraphQL type names (`books`: book, `categories`:
 * category, `boxes`: box, `addresses`: address, `shelves`: shelf, `people`: person). The last word
 * of a compound name is the one made singular (`bookShelves`: bookShelf, `line_items`: line_item).
 * A name these rules get wrong takes a declared `singular`.
 */
export function singularOf(plural: string): string {
  const last = /([A-Z]?[a-z]+)$/.exec(plural)
  if (last) {
    const word = last[1]!
    const known = irregular[word.toLowerCase()]
    if (known !== undefined) {
      const kept =
        word[0] === word[0]!.toUpperCase()
          ? known[0]!.toUpperCase() + known.slice(1)
          : known
      return plural.slice(0, -word.length) + kept
    }
  }
  if (/[^aeiou]ies$/i.test(plural)) return `${plural.slice(0, -3)}y`
  if (/(ss|x|z|ch|sh)es$/i.test(plural)) return plural.slice(0, -2)
  if (/[^su]s$/i.test(plural)) return plural.slice(0, -1)
  return plural
}
