// The issue's performance targets as data: each one compares a measured figure with its limit and
// yields PASS/FAIL (or SKIP when that part of the bench did not run). Shared by the printed table
// and bench/results/latest.json so both always say the same thing.
import type { ExportBench, ExportRun } from './export-bench.ts';
import type { LighthouseRun } from './lighthouse.ts';
import type { PageWeight } from './page-weight.ts';
import type { PreviewBench } from './preview-load.ts';

export interface Results {
  timestamp: string;
  machine: { cpuModel: string; cores: number; memoryGb: number; node: string; platform: string; loadAverageAtStart: number[] };
  export: ExportBench | null;
  pageWeight: { landing: PageWeight; school: PageWeight } | null;
  lighthouse: LighthouseRun[] | null;
  preview: PreviewBench | null;
  durationSec: number;
}

export interface Target { group: string; name: string; measured: string; limit: string; pass: boolean | null }

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function evaluateTargets(r: Results): Target[] {
  const t: Target[] = [];
  const add = (group: string, name: string, measured: string, limit: string, pass: boolean | null) => t.push({ group, name, measured, limit, pass });

  const e = r.export;
  if (e) {
    // Export times are main() in-process; the process time (with Node/tsx start-up) is shown after the slash.
    const proc = (run: ExportRun) => `${s(run.wallMs)} in-process / ${s(run.processMs)} process`;
    add('export', `full export, ${e.schools} schools, warm (pages/s)`, `${e.warm.pagesPerSec.toFixed(0)} (${proc(e.warm)}, RSS ${e.warm.peakRssMb?.toFixed(0) ?? '?'} MB)`, '>= 300', e.warm.pagesPerSec >= 300);
    add('export', `full export, ${e.schools} schools, cold (pages/s)`, `${e.cold.pagesPerSec.toFixed(0)} (${proc(e.cold)}, RSS ${e.cold.peakRssMb?.toFixed(0) ?? '?'} MB)`, 'reported', null);
    add('export', 'pure render floor (pages/s)', `${e.floor.pagesPerSec.toFixed(0)} (${s(e.floor.renderMs)})`, 'reported', null);
    add('export', 'warm export / render floor', `${e.overheadRatio.toFixed(2)}x`, '<= 2x', e.overheadRatio <= 2);
    add('export', 'incremental (1 school edited) / full', `${(e.incrementalRatio * 100).toFixed(0)}% (${proc(e.incremental)}, ${e.incremental.written ?? '?'} files written; process times ${(100 * e.incremental.processMs / e.warm.processMs).toFixed(0)}%)`, '<= 25%', e.incrementalRatio <= 0.25);
  }

  const w = r.pageWeight;
  if (w) {
    for (const [name, p] of [['landing', w.landing], ['school', w.school]] as const) {
      add(`weight ${name}`, 'first-load JS (gzip)', kb(p.jsGzip), '<= 95 KB', p.jsGzip <= 95 * 1024);
      add(`weight ${name}`, 'CSS (gzip)', kb(p.cssGzip), '<= 20 KB', p.cssGzip <= 20 * 1024);
      add(`weight ${name}`, 'HTML (gzip)', kb(p.htmlGzip), '<= 40 KB', p.htmlGzip <= 40 * 1024);
      add(`weight ${name}`, 'image bytes / requests', `${kb(p.imageBytes)} / ${p.requests} requests`, 'reported', null);
      add(`weight ${name}`, 'every <img> has width and height', p.images.withoutSize.length === 0 ? `all ${p.images.total}` : `${p.images.withoutSize.length} without`, 'all', p.images.withoutSize.length === 0);
      add(`weight ${name}`, 'below-the-fold images lazy', p.images.belowFoldNotLazy.length === 0 ? 'all lazy' : `${p.images.belowFoldNotLazy.length} eager`, 'all', p.images.belowFoldNotLazy.length === 0);
      add(`weight ${name}`, 'LCP image preloaded / high priority', p.lcp.kind === 'image' ? (p.lcp.prioritized ? 'yes' : `no (${p.lcp.src})`) : `LCP is ${p.lcp.kind}`, 'yes', p.lcp.prioritized);
    }
  }

  const lh = r.lighthouse;
  if (lh) {
    for (const run of lh) {
      const page = new URL(run.url).pathname === '/' ? 'landing' : 'school';
      const group = `lighthouse ${run.preset} ${page}`;
      const perfLimit = run.preset === 'mobile' ? 95 : 100;
      add(group, 'performance', String(run.scores.performance), `>= ${perfLimit}`, run.scores.performance >= perfLimit);
      for (const cat of ['accessibility', 'best-practices', 'seo'] as const) add(group, cat, String(run.scores[cat]), '100', run.scores[cat] === 100);
      const m = run.metrics;
      add(group, 'LCP / TBT / CLS / FCP / SI', `${Math.round(m.lcpMs)} ms / ${Math.round(m.tbtMs)} ms / ${m.cls.toFixed(3)} / ${Math.round(m.fcpMs)} ms / ${Math.round(m.siMs)} ms`, 'reported', null);
      if (run.preset === 'mobile') {
        const a = run.imageAudits;
        add(group, 'images at rendered size (uses-responsive-images)', a['uses-responsive-images'] ? 'pass' : 'fail', 'pass', !!a['uses-responsive-images']);
        add(group, 'LCP image prioritised (prioritize-lcp-image, lcp-lazy-loaded)', a['prioritize-lcp-image'] && a['lcp-lazy-loaded'] ? 'pass' : 'fail', 'pass', !!(a['prioritize-lcp-image'] && a['lcp-lazy-loaded']));
      }
    }
  }

  const p = r.preview;
  if (p) {
    for (const c of p.cases) add('preview', `${c.name} (req/s)`, `${Math.round(c.rps)} (p99 ${c.p99Ms} ms${c.errors + c.non2xx ? `, ${c.errors} errors, ${c.non2xx} non-2xx` : ''})`, 'reported', null);
    add('preview', 'page shell / static file throughput', `${p.shellToStaticRatio.toFixed(2)}x`, '>= 0.5x', p.shellToStaticRatio >= 0.5 && p.cases[1]!.non2xx === 0);
    const m = p.memory;
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    add('preview', `heap after ${m.requests} requests + ${m.sseCycles} SSE cycles (${m.sseReady} ready)`,
      `${mb(m.before.heapUsed)} -> ${mb(m.after.heapUsed)} MB (${m.heapGrowthMb >= 0 ? '+' : ''}${m.heapGrowthMb.toFixed(1)})`, 'growth <= 5 MB', m.heapGrowthMb <= 5 && m.sseReady === m.sseCycles);
    add('preview', 'RSS after the same', `${mb(m.before.rss)} -> ${mb(m.after.rss)} MB (${m.rssGrowthMb >= 0 ? '+' : ''}${m.rssGrowthMb.toFixed(1)})`, 'growth <= 20 MB', m.rssGrowthMb <= 20);
  }
  return t;
}

export function formatTable(r: Results, targets: Target[]): string {
  const m = r.machine;
  const head = `Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB RAM, Node ${m.node}, load at start ${m.loadAverageAtStart.join(' ')} (${r.timestamp})`;
  const rows = targets.map((x) => [x.group, x.name, x.measured, x.limit, x.pass === null ? '' : x.pass ? 'PASS' : 'FAIL']);
  const header = ['group', 'figure', 'measured', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const extra: string[] = [];
  if (r.export) {
    const e = r.export;
    extra.push('Export times are the CLI\'s main() run in-process (bench/lib/export-runner.ts): Node/tsx start-up and module loading are excluded, the same for every run; process times include them.');
    extra.push(`Export of ${e.schools} schools writes ${e.warm.outBytes !== null ? `${(e.warm.outBytes / 1024 / 1024).toFixed(0)} MB` : '?'}; landing HTML ${kb(e.html.landing.bytes)} (${kb(e.html.landing.gzip)} gzip), school HTML ${kb(e.html.school.bytes)} (${kb(e.html.school.gzip)} gzip): every page carries every school's link twice (dropdown and mobile menu; the list's JSON is a shared file).`);
  }
  return [head, '', line(header), sep, ...rows.map(line), '', ...extra].join('\n');
}
