/**
 * The traffic held no collection to declare: nothing is written, since a declaration without
 * resources is one `serve` refuses. The message says what the recording saw and what to record.
 */
export class EmptyRecordingError extends Error {
  override name = 'EmptyRecordingError'
  /** What inference left out, and why (the report's notes). */
  readonly notes: readonly string[]

  constructor(exchanges: number, notes: readonly string[]) {
    const seen =
      exchanges === 0
        ? 'the traffic holds no exchange'
        : `none of its ${exchanges} exchange(s) showed a collection`
    super(
      `Failed to write a declaration: ${seen}, so there is no resource to declare and nothing was written.${notes.length > 0 ? `\n${notes.map((n) => `  - ${n}`).join('\n')}` : ''}\nRecord while your app lists or reads records (a GET answering a list, or a path with an id below a collection), then run record again.`,
    )
    this.notes = notes
  }
}
