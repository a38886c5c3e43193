// The report's own stylesheet, inlined into the page: system fonts, no framework, readable
// printed or on a phone.
export const STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --block: #9a6700; --skip: #57606a; --line: #d0d7de; --soft: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
header { padding: 20px 28px 12px; border-bottom: 1px solid var(--line); background: var(--soft); }
h1 { margin: 0 0 4px; font-size: 22px; }
h2 { margin: 28px 0 10px; font-size: 18px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { margin: 18px 0 6px; font-size: 15px; }
main { padding: 0 28px 40px; }
.deployment { margin: 0; color: #444; }
.profile, .group, .basis { color: var(--skip); font-size: 12px; margin-left: 6px; }
.verdict { display: inline-block; margin: 10px 0; padding: 4px 14px; border-radius: 6px; font-weight: 700; letter-spacing: .05em; color: #fff; }
.verdict.pass { background: var(--pass); } .verdict.fail { background: var(--fail); } .verdict.interrupted { background: var(--block); }
.summary { display: flex; gap: 18px; margin: 0 0 8px; }
.count dt { font-size: 11px; text-transform: uppercase; color: var(--skip); }
.count dd { margin: 0; font-size: 20px; font-weight: 600; }
.count.passed dd { color: var(--pass); } .count.failed dd { color: var(--fail); } .count.blocked dd { color: var(--block); }
.run { margin: 0 0 8px; color: var(--skip); font-size: 12px; }
nav a { margin-right: 14px; }
a { color: #0969da; }
.state { display: inline-block; min-width: 62px; padding: 0 6px; border-radius: 10px; font-size: 11px; text-align: center; color: #fff; background: var(--skip); }
.state.passed { background: var(--pass); } .state.failed { background: var(--fail); } .state.blocked { background: var(--block); }
.state.not-run { background: #8c959f; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
.checks td:first-child { width: 80px; }
.reason, .note { color: var(--skip); font-size: 12px; }
details.failure { margin: 8px 0; border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px; }
details.failure summary { cursor: pointer; padding: 8px 10px; }
details.failure .details { padding: 0 12px 10px; }
.request { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
.problems th { background: var(--soft); font-size: 12px; }
.problems td { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; word-break: break-word; }
.problems td:first-child { white-space: nowrap; }
.label { margin: 8px 0 2px; font-size: 12px; color: var(--skip); }
pre { margin: 0; padding: 8px; background: var(--soft); border-radius: 6px; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
.trace .id { white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
.trace ul { margin: 0; padding: 0; list-style: none; }
.trace li { font-size: 12px; }
.trace caption { text-align: left; font-weight: 600; padding: 12px 0 4px; }
.unchecked { color: var(--block); font-weight: 600; }
.open { font-size: 11px; color: var(--skip); border: 1px solid var(--line); border-radius: 8px; padding: 0 5px; }
tr.open td { color: var(--skip); }
.matrix { overflow-x: auto; }
.coverage th, .coverage td { text-align: center; border: 1px solid var(--line); }
.coverage th.operation { text-align: left; white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
.coverage td.passed, .legend .passed { color: var(--pass); font-weight: 700; }
.coverage td.failed, .legend .failed { color: #fff; background: var(--fail); font-weight: 700; }
.legend .failed { padding: 0 4px; }
.coverage td.not-exercised, .legend .not-exercised { color: #8c959f; }
.coverage td.undocumented { background: var(--soft); }
.errors pre { margin-top: 4px; }
details.group { margin: 6px 0; }
details.group summary { cursor: pointer; padding: 4px 0; font-size: 15px; }
.counts { color: var(--skip); font-size: 12px; margin-left: 6px; }
`;
