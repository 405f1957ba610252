/** The panel's whole stylesheet, scoped by its shadow root: the app's CSS neither leaks in nor out. */
export const panelStyles = `
:host { all: initial; }
* { box-sizing: border-box; }
.root { position: fixed; z-index: 2147483000; display: flex; flex-direction: column; align-items: flex-end; gap: 6px;
  font: 12px/1.35 ui-sans-serif, system-ui, sans-serif; color: #1f2328; }
button { font: inherit; cursor: pointer; }
.notice { margin: 0; padding: 8px 12px; border-bottom: 1px solid #d4a72c; background: #fff8c5; white-space: pre-wrap;
  max-height: 40%; overflow: auto; }
:focus-visible { outline: 2px solid #0969da; outline-offset: 1px; }
.toggle { display: flex; align-items: center; gap: 6px; border: 1px solid #8c959f; border-radius: 999px; padding: 6px 12px;
  background: #1f2328; color: #fff; box-shadow: 0 2px 8px rgb(0 0 0 / .25); }
.toggle .badge { background: #cf222e; border-radius: 999px; padding: 0 6px; font-weight: 600; }
.panel { width: min(760px, calc(100vw - 16px)); height: min(440px, 70vh); display: flex; flex-direction: column;
  background: #fff; border: 1px solid #8c959f; border-radius: 8px; box-shadow: 0 8px 24px rgb(0 0 0 / .25); overflow: hidden; }
.panel[hidden] { display: none; }
.root.inline { position: static; height: 100%; align-items: stretch; }
.inline .panel { width: 100%; height: 100%; border: 0; border-radius: 0; box-shadow: none; }
.state section { padding: 4px 8px 8px; border-bottom: 1px solid #eaeef2; }
.state h3 { font-size: 12px; margin: 4px 0; }
header { display: flex; align-items: center; gap: 8px; padding: 4px 6px; background: #f6f8fa; border-bottom: 1px solid #d0d7de; }
header h2 { font-size: 12px; margin: 0 6px 0 0; }
.move { border: 1px dashed #8c959f; background: transparent; border-radius: 4px; padding: 2px 6px; cursor: move; touch-action: none; }
[role=tablist] { display: flex; gap: 2px; flex: 1; }
[role=tab] { border: 0; background: transparent; padding: 4px 8px; border-radius: 4px; color: #1f2328; }
[role=tab][aria-selected=true] { background: #ddf4ff; color: #0550ae; font-weight: 600; }
.close { border: 0; background: transparent; font-size: 16px; padding: 0 6px; }
.body { flex: 1; overflow: auto; }
.note { margin: 0; padding: 4px 8px; color: #59636e; border-bottom: 1px solid #eaeef2; }
.empty { padding: 12px; color: #59636e; margin: 0; }
ul { list-style: none; margin: 0; padding: 0; }
.operations summary { display: grid; grid-template-columns: 44px minmax(90px, 1.3fr) 62px 26px 62px minmax(120px, 2fr) 84px;
  align-items: center; gap: 6px; padding: 1px 8px; height: 20px; white-space: nowrap; cursor: pointer; border-bottom: 1px solid #f0f2f4; }
.operations summary::-webkit-details-marker { display: none; }
.operations summary:hover { background: #f6f8fa; }
.operations details[open] summary { background: #ddf4ff; }
.method { font-weight: 600; }
.path { overflow: hidden; text-overflow: ellipsis; font-family: ui-monospace, monospace; }
.count, .grouping { color: #59636e; }
.bars { position: relative; height: 10px; }
.bars span { position: absolute; top: 0; height: 10px; border-radius: 2px; }
.bars .wait { top: 4px; height: 2px; background: #8c959f; }
.success { color: #1a7f37; } .retriable { color: #9a6700; } .final { color: #cf222e; } .network { color: #59636e; }
.bars .success { background: #2da44e; } .bars .retriable { background: #d4a72c; } .bars .final { background: #cf222e; }
.bars .network { background: repeating-linear-gradient(45deg, #8c959f 0 3px, #d0d7de 3px 6px); }
.flag { font-weight: 600; text-align: right; }
.flag.violation { color: #cf222e; } .flag.information { color: #0969da; }
.details { padding: 6px 12px 10px; background: #f6f8fa; border-bottom: 1px solid #d0d7de; }
.details p { margin: 0 0 4px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 1px 6px; border-bottom: 1px solid #eaeef2; white-space: nowrap; }
th { color: #59636e; font-weight: 600; position: sticky; top: 0; background: #fff; }
.attempts td:nth-child(5) { white-space: normal; min-width: 8em; }
.verdicts li { margin-top: 3px; }
.verdicts .violation strong { color: #cf222e; } .verdicts .information strong { color: #0969da; }
.faults li { padding: 4px 8px; border-bottom: 1px solid #eaeef2; overflow-wrap: anywhere; }
.fault-form { display: flex; flex-wrap: wrap; gap: 4px 6px; padding: 6px 8px; border-bottom: 1px solid #d0d7de; }
.fault-form input, .fault-form select { font: inherit; min-width: 0; max-width: 100%; }
.fault-form input[name=path] { flex: 1 1 10rem; }
.fault-form input[name=times] { width: 11rem; }
.fault-form .form-status { flex-basis: 100%; margin: 0; color: #59636e; }
.fault-form .form-status[role=alert] { color: #cf222e; }
.remove { font-size: 11px; padding: 0 6px; }
.muted { color: #59636e; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 600px) {
  .operations summary { grid-template-columns: 36px minmax(70px, 1fr) 44px 24px minmax(60px, 1fr) 62px; }
  .operations summary .grouping { display: none; }
  /* The journal keeps what fits a phone: time, method, path (wrapped), status. */
  .journal th:nth-child(n+5), .journal td:nth-child(n+5) { display: none; }
  .journal td.path { white-space: normal; overflow-wrap: anywhere; }
  /* An operation's attempts, stacked: number, status, sent and took on a line, then each long
     cell (wait before, request id, fault) on its own, wrapped, each named by its column. */
  .attempts thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .attempts tr { display: flex; flex-wrap: wrap; gap: 0 12px; padding: 3px 0; border-bottom: 1px solid #eaeef2; }
  .attempts td { display: block; min-width: 0; padding: 0; border: 0; white-space: normal; overflow-wrap: anywhere; }
  .attempts td::before { content: attr(data-label) ' '; color: #59636e; }
  .attempts td:nth-child(n+5) { flex-basis: 100%; }
  .attempts td:empty { display: none; }
}
@media (prefers-color-scheme: dark) {
  .root { color: #e6edf3; }
  .panel, th { background: #0d1117; } header, .details { background: #161b22; }
  [role=tab], .close { color: #e6edf3; } [role=tab][aria-selected=true] { background: #0c2d6b; color: #fff; }
  .operations summary:hover { background: #161b22; } .operations details[open] summary { background: #0c2d6b; }
  .count, .grouping, .note, .empty, th, .muted { color: #9198a1; }
  .success { color: #3fb950; } .retriable { color: #d29922; } .final, .flag.violation { color: #ff7b72; }
}
`
