import type AxeBuilder from '@axe-core/playwright'

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

/**
 * An audit's serious and critical violations, one line each with the first three places it found
 * them: what an accessibility test asserts is empty (the playground's views, the docs site's pages).
 */
export function seriousViolations({ violations }: AxeResults): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')})`,
    )
}
