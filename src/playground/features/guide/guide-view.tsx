import { guideSections } from './guide-sections.tsx'
import { TryIt } from './try-it.tsx'

/** The conventions in the project's words, each with requests that show them answering. */
export function GuideView() {
  return (
    <section aria-labelledby="guide-heading">
      <h2 id="guide-heading">Guide</h2>
      <p>
        The conventions this mock implements, one short section each. Every
        &quot;Try it&quot; sends the real request to the mock in this page and
        shows its answer; like any request, a write changes the mock&apos;s data
        (the Data view can reset it).
      </p>
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
          {section.examples.map((example) => (
            <TryIt key={example.title} example={example} />
          ))}
        </section>
      ))}
    </section>
  )
}
