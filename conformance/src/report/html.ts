// `report.html`: the verdict as one self-contained page a vendor can open from a CI artifact:
// the verdict, each group and check with its state, each failure with Received / Documented and
// the curl that reproduces it, the trace of every rule of the reference and of the spec's
// extensions to its checks (or why it is untested), and the coverage of every operation and
// documented status. It loads nothing (its policy forbids it),
// and every text from the run is escaped, since much of it is the deployment's own output.
import { UNCHECKED_WHY } from '../reference/unchecked.js';
import type { TraceCounts, TracedRuleResult } from '../trace.js';
import type { CheckResult, Verdict } from '../verdict.js';
import type { Coverage } from './coverage.js';
import { STYLE } from './style.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in an element or an attribute. */
export function esc(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const badge = (state: string) => `<span class="state ${esc(state.replace(' ', '-'))}">${esc(state)}</span>`;

/** An id for a check's failure, from its place in the run. */
const anchor = (index: number) => `check-${index}`;

function failureDetails(check: CheckResult, index: number): string {
  const parts = check.failure;
  const body = parts
    ? [
        parts.request ? `<p class="request">${esc(parts.request)}</p>` : '',
        '<table class="problems"><thead><tr><th>Where</th><th>Received</th><th>Documented</th></tr></thead><tbody>',
        ...parts.problems.map(
          (p) => `<tr><td>${esc(p.where)}</td><td>${esc(p.received)}</td><td>${esc(p.documented)}</td></tr>`,
        ),
        '</tbody></table>',
        ...parts.notes.map((note) => `<p class="note">${esc(note)}</p>`),
        parts.reproduce ? `<p class="label">Reproduce</p><pre class="curl">${esc(parts.reproduce)}</pre>` : '',
      ].join('')
    : `<pre class="message">${esc(check.message ?? 'failed')}</pre>`;
  return (
    `<details class="failure" id="${anchor(index)}"><summary>${badge('failed')} ` +
    `<span class="title">${esc(check.title)}</span> <span class="group">${esc(check.group)}</span></summary>` +
    `<div class="details">${body}</div></details>`
  );
}

function failuresSection(verdict: Verdict): string {
  const failed = verdict.checks.map((check, i) => [check, i] as const).filter(([check]) => check.state === 'failed');
  const others = [
    ...verdict.errors.map((error) => `<li><strong>${esc(error.title)}</strong><pre>${esc(error.message)}</pre></li>`),
    ...verdict.cleanup.left_behind.map((label) => `<li>Left in the deployment: ${esc(label)}</li>`),
  ];
  if (!failed.length && !others.length) return '<section id="failures"><h2>Failures</h2><p>None.</p></section>';
  return (
    `<section id="failures"><h2>Failures (${failed.length + others.length})</h2>` +
    failed.map(([check, i]) => failureDetails(check, i)).join('') +
    (others.length ? `<ul class="errors">${others.join('')}</ul>` : '') +
    '</section>'
  );
}

function checksSection(verdict: Verdict): string {
  const groups = [...new Set(verdict.checks.map((check) => check.group))];
  const rows = (group: string) =>
    verdict.checks
      .map((check, i) => [check, i] as const)
      .filter(([check]) => check.group === group)
      .map(([check, i]) => {
        const title =
          check.state === 'failed'
            ? `<a href="#${anchor(i)}">${esc(check.title)}</a>`
            : `<span>${esc(check.title)}</span>`;
        const why = check.reason ? `<div class="reason">${esc(check.reason)}</div>` : '';
        return `<tr class="${esc(check.state)}"><td>${badge(check.state)}</td><td>${title}${why}</td></tr>`;
      })
      .join('');
  return (
    '<section id="checks"><h2>Checks by group</h2>' +
    groups
      .map((group) => {
        const checks = verdict.checks.filter((check) => check.group === group);
        const counts = ['passed', 'failed', 'blocked', 'skipped']
          .map((state) => [state, checks.filter((check) => check.state === state).length] as const)
          .filter(([, count]) => count)
          .map(([state, count]) => `${count} ${state}`)
          .join(', ');
        // A group with a failure or a blocked check opens; the others wait for a click.
        const open = checks.some((check) => check.state === 'failed' || check.state === 'blocked') ? ' open' : '';
        return (
          `<details class="group"${open}><summary><strong>${esc(group)}</strong> ` +
          `<span class="basis">${esc(checks[0]?.basis ?? '')}</span> <span class="counts">${esc(counts)}</span></summary>` +
          `<table class="checks"><tbody>${rows(group)}</tbody></table></details>`
        );
      })
      .join('') +
    '</section>'
  );
}

function traceRow(entry: TracedRuleResult, states: Map<string, string>): string {
  const checks = entry.checks.map((check) => `<li>${badge(states.get(check) ?? 'not run')} ${esc(check)}</li>`);
  const verified = checks.length
    ? `<ul class="traced">${checks.join('')}</ul>`
    : entry.unchecked
      ? `<span class="unchecked">untested: ${esc(UNCHECKED_WHY[entry.unchecked.why])}</span> — ${esc(entry.unchecked.detail)}`
      : '<span class="unchecked">untested</span>';
  const kind = entry.kind === 'open' ? ' <span class="open">open</span>' : '';
  return (
    `<tr class="${esc(entry.kind)}"><td class="id">${esc(entry.id)}${kind}</td>` +
    `<td title="${esc(entry.unit)}">${esc(entry.words)}</td><td>${verified}</td></tr>`
  );
}

/** `218 rules of the API reference: 205 with checks, 13 untested with the reason`. */
const counted = (what: string, counts: TraceCounts) =>
  `${counts.rules} rules ${what}: ${counts.checked} with checks, ${counts.unchecked} untested with the reason`;

function traceTable(caption: string, entries: TracedRuleResult[], states: Map<string, string>): string {
  return (
    `<table class="trace"><caption>${esc(caption)}</caption>` +
    '<thead><tr><th>Rule</th><th>It says</th><th>Checks (state in this run)</th></tr></thead>' +
    `<tbody>${entries.map((entry) => traceRow(entry, states)).join('')}</tbody></table>`
  );
}

function traceSection(verdict: Verdict): string {
  const states = new Map(verdict.checks.map((check) => [`${check.group}: ${check.title}`, check.state]));
  const { summary, rules } = verdict.trace;
  const untested = summary.extensions.unchecked_why.pending;
  return (
    '<section id="trace"><h2>Traceability</h2>' +
    `<p>${counted('of the API reference', summary)}; ${summary.open} points the reference leaves open, settled by ` +
    `our decisions. ${counted("the spec's extensions state", summary.extensions)}` +
    `${untested ? `, ${untested} of them because no check is written yet` : ''}.</p>` +
    traceTable(
      'The API reference',
      rules.filter((entry) => entry.source === 'reference'),
      states,
    ) +
    traceTable(
      "The spec's extensions (idempotency, ETags, events, webhooks)",
      rules.filter((entry) => entry.source === 'extension'),
      states,
    ) +
    '</section>'
  );
}

const SYMBOL: Record<string, string> = { passed: '✓', failed: '✗', 'not exercised': '–' };

function coverageSection(coverage: Coverage): string {
  const { statuses, operations, summary } = coverage;
  const head = statuses.map((status) => `<th>${status}</th>`).join('');
  const rows = operations
    .map(({ operation, cells }) => {
      const tds = statuses
        .map((status) => {
          const cell = cells[String(status)];
          if (!cell) return '<td class="undocumented"></td>';
          const state = cell.state.replace(' ', '-');
          const title = `${operation} ${status}: ${cell.state}${cell.checks.length ? ` (${cell.checks.join('; ')})` : ''}`;
          return `<td class="${state}" title="${esc(title)}">${SYMBOL[cell.state]}</td>`;
        })
        .join('');
      return `<tr><th class="operation">${esc(operation)}</th>${tds}</tr>`;
    })
    .join('');
  return (
    '<section id="coverage"><h2>Coverage</h2>' +
    `<p>${summary.documented} documented answers: ${summary.passed} exercised and passed, ${summary.failed} ` +
    `exercised and failed, ${summary.not_exercised} not exercised. ` +
    '<span class="legend"><span class="passed">✓</span> passed <span class="failed">✗</span> failed ' +
    '<span class="not-exercised">–</span> not exercised; blank: not documented.</span></p>' +
    `<div class="matrix"><table class="coverage"><thead><tr><th>Operation</th>${head}</tr></thead><tbody>${rows}</tbody></table></div></section>`
  );
}

function header(verdict: Verdict): string {
  const { summary, run, deployment } = verdict;
  const counts = (['passed', 'failed', 'blocked', 'skipped'] as const)
    .map((state) => `<div class="count ${state}"><dt>${state}</dt><dd>${summary[state]}</dd></div>`)
    .join('');
  return (
    '<header><h1>Warehouse API conformance</h1>' +
    `<p class="deployment">${esc(deployment.organization)} <span class="profile">${esc(deployment.profile)}</span> ` +
    `<span class="contract">contract ${esc(deployment.contract_version ?? 'before 1.1.0 (not named)')}</span></p>` +
    `<div class="verdict ${esc(verdict.verdict)}">${esc(verdict.verdict.toUpperCase())}</div>` +
    `<dl class="summary"><div class="count"><dt>checks</dt><dd>${summary.total}</dd></div>${counts}</dl>` +
    `<p class="run">Run ${esc(run.prefix)} · suite ${esc(run.suite_version)} for contract ${esc(run.contract_version)} · started ${esc(run.started_at)} · ` +
    `${(run.duration_ms / 1000).toFixed(1)} s · groups ${esc(run.groups.join(', '))}` +
    `${run.grep ? ` · grep ${esc(run.grep)}` : ''}</p>` +
    '<nav><a href="#failures">Failures</a><a href="#checks">Checks</a><a href="#trace">Traceability</a>' +
    '<a href="#coverage">Coverage</a></nav></header>'
  );
}

/** The report page for a verdict. */
export function renderReport(verdict: Verdict): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    // Nothing but the page's own styles: no script, no font, no image, no request of any kind.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Conformance ${esc(verdict.verdict)}: ${esc(verdict.deployment.organization)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    header(verdict),
    `<main>${failuresSection(verdict)}${checksSection(verdict)}${traceSection(verdict)}${coverageSection(verdict.coverage)}</main>`,
    '</body></html>',
    '',
  ].join('\n');
}
