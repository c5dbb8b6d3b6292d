// The performance targets as data: each one compares a measured figure with its limit and
// yields PASS/FAIL (or SKIP when that part of the bench did not run). Shared by the printed table
// and bench/results/latest.json so both always say the same thing.
import type { ExportBench, ExportRun } from './export-bench.ts';
import type { LighthouseRun, LoadTasks } from './lighthouse.ts';
import type { PageWeight } from './page-weight.ts';
import type { PreviewBench } from './preview-load.ts';
import type { LatencyCase } from './preview-latency.ts';
import type { ScaleBench } from './scale-bench.ts';
import type { PeerBench } from './peer-bench.ts';

export interface Results {
  timestamp: string;
  machine: {
    cpuModel: string;
    cores: number;
    memoryGb: number;
    node: string;
    platform: string;
    loadAverageAtStart: number[];
  };
  export: ExportBench | null;
  /** Per page (landing, school, compare, and their Spanish editions: 'landing (es)', …). */
  pageWeight: Record<string, PageWeight> | null;
  lighthouse: LighthouseRun[] | null;
  preview: PreviewBench | null;
  previewLatency: LatencyCase[] | null;
  scale: ScaleBench | null;
  /** Against Eleventy; `skipped` says why it could not run (no peer folder, Eleventy not installed). */
  peer: PeerBench | { skipped: string } | null;
  durationSec: number;
}

export interface Target {
  group: string;
  name: string;
  measured: string;
  limit: string;
  pass: boolean | null;
}

/**
 * Eleventy 3 with plain string templates on the same 1000-school job, measured beside this export
 * on a quiet machine of this type: 1001 pages in 2.97 s. It is not installed here, so its figure
 * is the target, not a measurement of this run.
 */
const ELEVENTY_PAGES_PER_SEC = 337;
/** First-load JavaScript a page may ask for before it is interactive, gzip: what a family's phone downloads and parses. */
export const FIRST_LOAD_JS_BUDGET = 85 * 1024;
/** Every script a page fetches while loading, lazy chunks included (gzip). */
export const ALL_JS_BUDGET = 95 * 1024;

/** A task longer than this blocks a tap on a phone (a "long task"); none while a page loads. */
export const LONG_TASK_LIMIT_MS = 50;

/** The landing page's HTML at a district's size (bench/gen-dataset.ts), before gzip. */
export const LANDING_HTML_BUDGET = 300 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

type Add = (group: string, name: string, measured: string, limit: string, pass: boolean | null) => void;

function exportTargets(e: ExportBench, add: Add): void {
  // Export times are main() in-process; the process time (with Node/tsx start-up) is shown after the slash.
  // "running service": the export reads a content service that is already running, as in production.
  const proc = (run: ExportRun) => `${s(run.wallMs)} in-process / ${s(run.processMs)} process`;
  const rss = (run: ExportRun) => `RSS ${run.peakRssMb?.toFixed(0) ?? '?'} MB`;
  // A family's phone loads the landing page first; a district-sized grid must not make it heavy.
  add(
    'weight landing',
    `landing HTML at ${e.schools} schools`,
    `${kb(e.html.landing.bytes)} (${kb(e.html.landing.gzip)} gzip)`,
    '<= 300 KB',
    e.html.landing.bytes <= LANDING_HTML_BUDGET,
  );
  add(
    'export',
    `full export, ${e.schools} schools, warm, running service (pages/s)`,
    `${e.warm.pagesPerSec.toFixed(0)} (${proc(e.warm)}, ${rss(e.warm)})`,
    '>= 300',
    e.warm.pagesPerSec >= 300,
  );
  add(
    'export',
    `full export, ${e.schools} schools, cold, running service (pages/s)`,
    `${e.cold.pagesPerSec.toFixed(0)} (${proc(e.cold)}, ${rss(e.cold)})`,
    'reported',
    null,
  );
  add(
    'export',
    'pure render floor (pages/s)',
    `${e.floor.pagesPerSec.toFixed(0)} (${s(e.floor.renderMs)})`,
    'reported',
    null,
  );
  if (e.folder) folderTargets(e, add);
  add(
    'export',
    'warm export, running service / render floor',
    `${e.overheadRatio.toFixed(2)}x`,
    '<= 2x',
    e.overheadRatio <= 2,
  );
  const void_ = e.codeChangedDuringRun
    ? '; VOID: src/ or scripts/ changed during the bench, every page re-rendered'
    : '';
  add(
    'export',
    'incremental (1 school edited via the API) / full, running service',
    `${(e.incrementalRatio * 100).toFixed(0)}% (${proc(e.incremental)}, ${e.incremental.rendered ?? '?'} of ${e.incremental.pages} pages rendered, ${e.incremental.written ?? '?'} files written; process times ${((100 * e.incremental.processMs) / e.warm.processMs).toFixed(0)}%${void_})`,
    '<= 25%',
    e.incrementalRatio <= 0.25 && !e.codeChangedDuringRun,
  );
  add(
    'export',
    'full export, embedded service started by the export (npm run export default), warm (pages/s)',
    `${e.embedded.pagesPerSec.toFixed(0)} (${proc(e.embedded)}, ${rss(e.embedded)})`,
    'reported',
    null,
  );
  add(
    'export',
    'content service start (npm run content, once per bench, outside the exports)',
    s(e.service.startMs),
    'reported',
    null,
  );
  // The shipped command as a whole process (node bin/run.mjs export: what npm run export starts), start-up included.
  const p = e.process;
  const pps = (run: ExportRun) => `${run.pagesPerSec.toFixed(0)} pages/s (${s(run.processMs)})`;
  add(
    'export',
    `full export, ${e.schools} schools, warm, running service, whole process: node bin/run.mjs export (pages/s)`,
    `${pps(p.full.node)}; npm run export ${pps(p.full.npm)}`,
    '>= 450',
    p.full.node.pagesPerSec >= 450,
  );
  const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  add(
    'export',
    `one-school incremental export, ${e.schools} schools, whole process: node bin/run.mjs export`,
    `${s(p.incremental.node.processMs)} (median of ${p.incremental.rounds}: ${ms(p.incremental.nodeMs)} ms); npm run export ${s(p.incremental.npm.processMs)} (${ms(p.incremental.npmMs)} ms)`,
    '<= 0.6 s',
    p.incremental.node.processMs <= 600,
  );
}

/** The longest report an export printed (its warnings by kind): a few dozen lines at any size. */
export const REPORT_LINES_BUDGET = 60;

/** From a dataset folder, as a district without a running service publishes: whole processes. */
function folderTargets(e: ExportBench, add: Add): void {
  const { full, incremental, incrementalMs, ratio } = e.folder;
  const reports = [e.cold, e.warm, e.incremental, e.embedded, full, incremental].map((r) => r.reportLines ?? 0);
  add(
    'export',
    `the report the export prints, ${e.schools} schools (lines, longest of its runs)`,
    String(Math.max(...reports)),
    `<= ${REPORT_LINES_BUDGET}`,
    Math.max(...reports) <= REPORT_LINES_BUDGET,
  );
  const perSec = full.pages / (full.processMs / 1000);
  add(
    'export',
    `full export from a folder, ${e.schools} schools, both editions, whole process (pages/s)`,
    `${perSec.toFixed(0)} (${s(full.processMs)}, RSS ${full.peakRssMb?.toFixed(0) ?? '?'} MB)`,
    `>= ${ELEVENTY_PAGES_PER_SEC} (Eleventy 3, same job)`,
    perSec >= ELEVENTY_PAGES_PER_SEC,
  );
  add(
    'export',
    'one-school incremental from a folder / full from a folder (whole process)',
    `${ratio.toFixed(2)} (${s(incremental.processMs)}, median of ${incrementalMs.map((m) => s(m)).join(', ')})`,
    '<= 0.33',
    ratio <= 1 / 3,
  );
}

/** A large district's export: peak memory of the whole process, threads included. */
export const SCALE_PEAK_RSS_MB = 1536;
/** No exported page (HTML) larger than this, at any district size. */
export const PAGE_BYTES_BUDGET = 500 * 1024;

function scaleTargets(x: ScaleBench, add: Add): void {
  const g = `scale ${x.schools}`;
  const f = x.full;
  add(
    g,
    `full export from a folder, ${x.schools} schools, whole process: peak RSS`,
    `${f.peakRssMb?.toFixed(0) ?? '?'} MB (${s(f.processMs)}, ${f.pages} pages, ${f.pagesPerSec.toFixed(0)} pages/s)`,
    `<= ${SCALE_PEAK_RSS_MB} MB`,
    f.peakRssMb === null ? null : f.peakRssMb <= SCALE_PEAK_RSS_MB,
  );
  add(
    g,
    'largest page in out/ (HTML)',
    `${kb(x.largestPage.bytes)} (${x.largestPage.path})`,
    `<= ${PAGE_BYTES_BUDGET / 1024} KB`,
    x.largestPage.bytes <= PAGE_BYTES_BUDGET,
  );
  add(g, 'largest file in out/', `${kb(x.largestFile.bytes)} (${x.largestFile.path})`, 'reported', null);
  add(
    g,
    'one-school incremental from the edited folder / full (whole process)',
    `${x.ratio.toFixed(2)} (${s(x.incremental.processMs)}, median of ${x.incrementalMs.map((m) => s(m)).join(', ')}; RSS ${x.incremental.peakRssMb?.toFixed(0) ?? '?'} MB)`,
    '< 0.33',
    x.ratio < 1 / 3,
  );
  add(
    g,
    'nothing changed, same out/ (whole process)',
    `${s(x.unchanged.processMs)} (RSS ${x.unchanged.peakRssMb?.toFixed(0) ?? '?'} MB)`,
    'reported',
    null,
  );
  add(
    g,
    'lines the export prints, stdout and stderr (most of its runs)',
    String(x.printedLines),
    `<= ${REPORT_LINES_BUDGET}`,
    x.printedLines <= REPORT_LINES_BUDGET,
  );
}

function peerTargets(p: NonNullable<Results['peer']>, add: Add): void {
  if ('skipped' in p) {
    add('peer', 'against Eleventy 3', `skipped: ${p.skipped}`, 'reported', null);
    return;
  }
  const { ours, eleventy } = p;
  add(
    'peer',
    `Eleventy ${p.eleventyVersion}, ${p.schools} schools, English edition, whole process (pages/s, median of ${p.rounds})`,
    `${eleventy.pagesPerSec.toFixed(0)} (${eleventy.pages} pages in ${s(eleventy.medianMs)}; ${eleventy.runs.map((r) => s(r.wallMs)).join(', ')})`,
    'reported',
    null,
  );
  add(
    'peer',
    `our full export, same schools, both editions, whole process (pages/s, median of ${p.rounds})`,
    `${ours.pagesPerSec.toFixed(0)} (${ours.pages} pages in ${s(ours.medianMs)}; ${ours.runs.map((r) => s(r.wallMs)).join(', ')}) = ${p.ratio.toFixed(2)}x Eleventy`,
    `>= ${eleventy.pagesPerSec.toFixed(0)} (Eleventy)`,
    p.ratio >= 1,
  );
}

function weightTargets(w: NonNullable<Results['pageWeight']>, add: Add): void {
  for (const [name, p] of Object.entries(w)) {
    add(
      `weight ${name}`,
      "first-load JS (gzip): the HTML's module scripts and modulepreloads",
      kb(p.firstLoadJsGzip),
      '<= 85 KB',
      p.firstLoadJsGzip <= FIRST_LOAD_JS_BUDGET,
    );
    add(
      `weight ${name}`,
      'all JS fetched while loading (gzip), lazy chunks included',
      kb(p.jsGzip),
      '<= 95 KB',
      p.jsGzip <= ALL_JS_BUDGET,
    );
    add(`weight ${name}`, 'CSS (gzip)', kb(p.cssGzip), '<= 20 KB', p.cssGzip <= 20 * 1024);
    add(`weight ${name}`, 'HTML (gzip)', kb(p.htmlGzip), '<= 40 KB', p.htmlGzip <= 40 * 1024);
    add(`weight ${name}`, 'image bytes / requests', `${kb(p.imageBytes)} / ${p.requests} requests`, 'reported', null);
    add(
      `weight ${name}`,
      'every <img> has width and height',
      p.images.withoutSize.length === 0 ? `all ${p.images.total}` : `${p.images.withoutSize.length} without`,
      'all',
      p.images.withoutSize.length === 0,
    );
    add(
      `weight ${name}`,
      'below-the-fold images lazy',
      p.images.belowFoldNotLazy.length === 0 ? 'all lazy' : `${p.images.belowFoldNotLazy.length} eager`,
      'all',
      p.images.belowFoldNotLazy.length === 0,
    );
    add(
      `weight ${name}`,
      'LCP image preloaded / high priority',
      p.lcp.kind === 'image' ? (p.lcp.prioritized ? 'yes' : `no (${p.lcp.src})`) : `LCP is ${p.lcp.kind}`,
      'yes',
      p.lcp.prioritized,
    );
  }
}

/**
 * The longest task once the page shows something (from first contentful paint: a tap can meet it),
 * on Lighthouse's simulated 4x CPU; the tasks before the first paint (the first layout) and the
 * longest task as recorded on this machine are reported beside it.
 */
export function longTaskRow(t: LoadTasks): [string, string, string, boolean] {
  const shown = t.long.filter((x) => x.startMs >= t.fcpMs);
  const before = t.long.filter((x) => x.startMs < t.fcpMs);
  const longest = Math.max(0, ...shown.map((x) => x.ms));
  const ms = (xs: LoadTasks['long']) => xs.map((x) => `${Math.round(x.ms)} ms`).join(', ');
  return [
    'longest main-thread task from first paint (Lighthouse long-tasks, 4x CPU)',
    `${shown.length ? `${ms(shown)} (${shown.map((x) => x.url.split('/').pop() || 'layout/paint').join(', ')})` : 'none over 50 ms'}; before first paint: ${before.length ? ms(before) : 'none over 50 ms'}; longest recorded ${Math.round(t.observed.ms)} ms (${t.observed.kind}, 1x)`,
    `<= ${LONG_TASK_LIMIT_MS} ms`,
    longest <= LONG_TASK_LIMIT_MS,
  ];
}

function lighthouseTargets(lh: LighthouseRun[], add: Add): void {
  // '/' landing, '/compare/…' the compare page, '/es/…' their Spanish editions, else a school page.
  const pageName = (url: string): string => {
    const p = new URL(url).pathname;
    const es = p.startsWith('/es/');
    const rest = es ? p.slice(3) : p;
    const name = rest === '/' ? 'landing' : rest.startsWith('/compare') ? 'compare' : 'school';
    return es ? `${name} (es)` : name;
  };
  for (const run of lh) {
    const page = pageName(run.url);
    const group = `lighthouse ${run.preset} ${page}`;
    const perfLimit = run.preset === 'mobile' ? 98 : 100;
    add(group, 'performance', String(run.scores.performance), `>= ${perfLimit}`, run.scores.performance >= perfLimit);
    for (const cat of ['accessibility', 'best-practices', 'seo'] as const)
      add(group, cat, String(run.scores[cat]), '100', run.scores[cat] === 100);
    const m = run.metrics;
    add(
      group,
      'LCP / TBT / CLS / FCP / SI',
      `${Math.round(m.lcpMs)} ms / ${Math.round(m.tbtMs)} ms / ${m.cls.toFixed(3)} / ${Math.round(m.fcpMs)} ms / ${Math.round(m.siMs)} ms`,
      'reported',
      null,
    );
    if (run.preset === 'mobile') {
      add(group, ...longTaskRow(run.tasks));
      const a = run.imageAudits;
      add(
        group,
        'images at rendered size (uses-responsive-images)',
        a['uses-responsive-images'] ? 'pass' : 'fail',
        'pass',
        !!a['uses-responsive-images'],
      );
      add(
        group,
        'LCP image prioritised (prioritize-lcp-image, lcp-lazy-loaded)',
        a['prioritize-lcp-image'] && a['lcp-lazy-loaded'] ? 'pass' : 'fail',
        'pass',
        !!(a['prioritize-lcp-image'] && a['lcp-lazy-loaded']),
      );
    }
  }
}

function previewTargets(p: PreviewBench, add: Add): void {
  for (const c of p.cases)
    add(
      'preview',
      `${c.name} (req/s)`,
      `${Math.round(c.rps)} (p99 ${c.p99Ms} ms${c.errors + c.non2xx ? `, ${c.errors} errors, ${c.non2xx} non-2xx` : ''})`,
      'reported',
      null,
    );
  add(
    'preview',
    'page shell / static file throughput',
    `${p.shellToStaticRatio.toFixed(2)}x`,
    '>= 0.5x',
    p.shellToStaticRatio >= 0.5 && p.cases[1]!.non2xx === 0,
  );
  const m = p.memory;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  add(
    'preview',
    `heap after ${m.requests} requests + ${m.sseCycles} SSE cycles (${m.sseReady} ready)`,
    `${mb(m.before.heapUsed)} -> ${mb(m.after.heapUsed)} MB (${m.heapGrowthMb >= 0 ? '+' : ''}${m.heapGrowthMb.toFixed(1)})`,
    'growth <= 5 MB',
    m.heapGrowthMb <= 5 && m.sseReady === m.sseCycles,
  );
  add(
    'preview',
    'RSS after the same',
    `${mb(m.before.rss)} -> ${mb(m.after.rss)} MB (${m.rssGrowthMb >= 0 ? '+' : ''}${m.rssGrowthMb.toFixed(1)})`,
    'growth <= 20 MB',
    m.rssGrowthMb <= 20,
  );
}

export function evaluateTargets(r: Results): Target[] {
  const t: Target[] = [];
  const add: Add = (group, name, measured, limit, pass) => t.push({ group, name, measured, limit, pass });
  if (r.export) exportTargets(r.export, add);
  if (r.pageWeight) weightTargets(r.pageWeight, add);
  if (r.lighthouse) lighthouseTargets(r.lighthouse, add);
  if (r.preview) previewTargets(r.preview, add);
  if (r.scale) scaleTargets(r.scale, add);
  if (r.peer) peerTargets(r.peer, add);
  for (const c of r.previewLatency ?? [])
    add(
      'preview live',
      `${c.name} (median of ${c.runsMs.length})`,
      `${c.medianMs} ms (${c.runsMs.join(', ')})`,
      `<= ${c.limitMs} ms`,
      c.medianMs <= c.limitMs,
    );
  return t;
}

export function formatTable(r: Results, targets: Target[]): string {
  const m = r.machine;
  const head = `Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB RAM, Node ${m.node}, load at start ${m.loadAverageAtStart.join(' ')} (${r.timestamp})`;
  const rows = targets.map((x) => [
    x.group,
    x.name,
    x.measured,
    x.limit,
    x.pass === null ? '' : x.pass ? 'PASS' : 'FAIL',
  ]);
  const header = ['group', 'figure', 'measured', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const extra: string[] = [];
  if (r.export) {
    const e = r.export;
    const mb = (n: number | null) => (n === null ? '?' : `${(n / 1024 / 1024).toFixed(0)} MB`);
    extra.push(
      "Export times are the CLI's main() run in-process (bench/lib/export-runner.ts): Node/tsx start-up and module loading are excluded, the same for every run; process times include them.",
    );
    extra.push(
      `"Running service" exports read a content service that is already running, as CI reads the hosted one: npm run content over the generated dataset, started once for the bench (answering after ${s(e.service.startMs)}, not part of any export), with the export in hosted mode (SANITY_PROJECT_ID=embedded so both modes share one image-variant cache, SANITY_DATASET=production, SANITY_API_HOST=its loopback URL, --self-host-images; no token: published content only). The embedded figure is npm run export -- --content DIR, which starts the service in-process and parses the ${e.datasetDocuments}-document dataset inside its timed main().`,
    );
    const phases = (run: ExportRun) =>
      Object.entries(run.phasesMs)
        .map(([k, v]) => `${k} ${s(v)}`)
        .join(', ') || 'not printed';
    extra.push(
      `Whole-process rows time the shipped command from spawn to exit (Node start-up, module loading, the export), with dist/ already built by bin/run.mjs (${s(e.process.prepareMs)} to check or build it before them); the npm figures add npm's own start.`,
    );
    extra.push(
      `Phases: warm (running service) ${phases(e.warm)}; incremental ${phases(e.incremental)}; embedded default ${phases(e.embedded)}.`,
    );
    extra.push(
      `The incremental edit is published like an editor's: a patch of ${e.edit.schoolId}'s first section title through the service's mutate API; afterwards ${e.edit.page} was checked to have changed and to show the new title.`,
    );
    const q = e.equivalence;
    extra.push(
      `The warm running-service and embedded exports wrote the same ${q.files} files (${q.pages} HTML), ${q.differingCount === 0 ? 'byte for byte' : `${q.differingCount} differing in bytes (${q.differing.slice(0, 3).join(', ')})`}; their ${q.mediaRefs} image references are all self-hosted under /media/ (${q.mediaFiles} files).`,
    );
    extra.push(
      `Export of ${e.schools} schools writes ${mb(e.warm.outBytes)}; landing HTML ${kb(e.html.landing.bytes)} (${kb(e.html.landing.gzip)} gzip, its grid shows the first cards and links to every school), school HTML ${kb(e.html.school.bytes)} (${kb(e.html.school.gzip)} gzip). ${e.html.navigation ? `The menus' school list ships once as navigation.json (${kb(e.html.navigation.bytes)}, ${kb(e.html.navigation.gzip)} gzip), loaded after hydration; pages carry no list.` : "The menus' school list is small enough to be inlined in each page (no navigation.json)."}`,
    );
  }
  if (r.scale)
    extra.push(
      `Scale rows: a generated ${r.scale.schools}-school dataset (${r.scale.datasetDocuments} documents) exported from its folder by node bin/run.mjs export --content DIR as whole processes; peak RSS is the process's with its threads (/usr/bin/time -v, else the child's process.resourceUsage()); each incremental run edits one school's section title in dataset.ndjson in place and exports into the same out/.`,
    );
  if (r.peer && !('skipped' in r.peer))
    extra.push(
      `Peer rows: Eleventy ${r.peer.eleventyVersion} from ${r.peer.peerDir}/eleventy on data dumped by bench/lib/peer-dump.ts from the same dataset; both whole processes into empty folders, alternating, after an uncounted warm-up round.`,
    );
  return [head, '', line(header), sep, ...rows.map(line), '', ...extra].join('\n');
}
