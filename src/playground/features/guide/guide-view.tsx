import { useApiDescription } from '../../services/use-api-description.ts'
import { guideSections } from './guide-sections.tsx'
import { TryIt } from './try-it.tsx'

/** Whether the loaded API is the built-in domain the Try-its are written for. */
function isBuiltInDomain(description: unknown) {
  const paths =
    typeof description === 'object' && description !== null
      ? (description as { paths?: unknown }).paths
      : undefined
  // Until the description arrives, the page shows what it showed before.
  if (typeof paths !== 'object' || paths === null) return true
  return '/api/orders' in paths
}

/** The conventions in the project's words, each with requests that show them answering. */
export function GuideView() {
  const builtIn = isBuiltInDomain(useApiDescription())
  return (
    <section aria-labelledby="guide-heading">
      <h2 id="guide-heading">Guide</h2>
      <p>
        The conventions this mock implements, one short section each. Every
        &quot;Try it&quot; sends the real request to the mock in this page and
        shows its answer; like any request, a write changes the mock&apos;s data
        (the Data view can reset it).
      </p>
      {!builtIn && (
        <p className="muted">
          The &quot;Try it&quot; requests are written for the built-in domain,
          so they are left out for this API: send its own requests from the
          Console, or pick one of its operations in the Reference.
        </p>
      )}
      <nav aria-label="Guide sections">
        <ul className="toc">
          {guideSections.map((section) => (
            <li key={section.id}>
              <a href={`#guide-${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {guideSections.map((section) => (
        <section
          key={section.id}
          id={`guide-${section.id}`}
          aria-labelledby={`guide-${section.id}-heading`}
          className="guide-section"
        >
          <h3 id={`guide-${section.id}-heading`}>{section.title}</h3>
          {section.body}
          {builtIn &&
            section.examples.map((example) => (
              <TryIt key={example.title} example={example} />
            ))}
        </section>
      ))}
    </section>
  )
}
