// Lighthouse (programmatic) on the exported site served on loopback: mobile (default config, i.e.
// Moto G Power emulation with simulated slow 4G and 4x CPU slowdown) and desktop presets. One
// Chromium instance, launched by chrome-launcher with the project's flags, serves every run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { CHROMIUM, CHROMIUM_FLAGS } from './page-weight.ts';

export interface LighthouseRun {
  url: string;
  preset: 'mobile' | 'desktop';
  scores: { performance: number; accessibility: number; 'best-practices': number; seo: number };
  metrics: { lcpMs: number; tbtMs: number; cls: number; fcpMs: number; siMs: number };
  tasks: LoadTasks;
  /** Audits that failed (score < 1) in any category, with Lighthouse's display value. */
  failing: { id: string; title: string; score: number; displayValue?: string }[];
  /** Image and loading audits behind the page-weight targets: true = passed or not applicable. */
  imageAudits: Record<string, boolean>;
  /** The images uses-responsive-images flags (URL and estimated wasted bytes), to see what to fix. */
  oversizedImages: { url: string; wastedBytes: number; totalBytes: number }[];
}

const IMAGE_AUDITS = [
  'uses-responsive-images',
  'unsized-images',
  'offscreen-images',
  'prioritize-lcp-image',
  'lcp-lazy-loaded',
  'render-blocking-resources',
  'unused-javascript',
];

type Trace = Parameters<typeof TraceProcessor.processTrace>[0];

/** The main thread's longest tasks while the page loaded. */
export interface LoadTasks {
  /**
   * Lighthouse's long-tasks audit: tasks of 50 ms and more at the run's simulated CPU (mobile 4x),
   * with their start on the same simulated clock as `fcpMs`.
   */
  long: { url: string; ms: number; startMs: number }[];
  fcpMs: number;
  /** The longest top-level task of the trace as recorded (no slowdown), and what took most of it. */
  observed: { ms: number; kind: string };
}

/**
 * The long-tasks audit lists only tasks of 50 ms and more: the trace says how long the longest
 * task of a passing page was (recorded on this machine, before Lighthouse's CPU simulation).
 */
export function loadTasks(
  lhr: { audits: Record<string, { details?: unknown; numericValue?: number }> },
  trace: Trace,
): LoadTasks {
  type Item = { url?: unknown; duration?: unknown; startTime?: unknown };
  const items = (lhr.audits['long-tasks']?.details as { items?: Item[] } | undefined)?.items;
  const long = (items ?? []).map((i) => ({
    url: String(i.url ?? ''),
    ms: Number(i.duration),
    startMs: Number(i.startTime),
  }));
  const fcpMs = Number(lhr.audits['first-contentful-paint']?.numericValue ?? 0);
  const processed = TraceProcessor.processTrace(trace);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timeOriginEvt.ts,
  );
  let observed = { ms: 0, kind: '' };
  for (const task of tasks) {
    if (task.parent || task.startTime < 0 || task.duration <= observed.ms) continue;
    const main = [...task.children].sort((x, y) => y.duration - x.duration)[0];
    observed = { ms: task.duration, kind: main?.event.name ?? task.event.name };
  }
  return { long, fcpMs, observed };
}

export async function runLighthouse(urls: string[], log: (m: string) => void): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const runs: LighthouseRun[] = [];
  try {
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const url of urls) {
        const flags = {
          port: chrome.port,
          output: 'json' as const,
          logLevel: 'error' as const,
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        };
        const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
        if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
        const lhr = result.lhr;
        if (lhr.runtimeError)
          throw new Error(`lighthouse ${preset} ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
        const ids = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.map((r) => r.id)));
        const failing = [...ids]
          .map((id) => lhr.audits[id]!)
          .filter(
            (a) =>
              a &&
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => ({
            id: a.id,
            title: a.title,
            score: a.score!,
            ...(a.displayValue ? { displayValue: a.displayValue } : {}),
          }));
        const run: LighthouseRun = {
          url,
          preset,
          scores: {
            performance: score('performance'),
            accessibility: score('accessibility'),
            'best-practices': score('best-practices'),
            seo: score('seo'),
          },
          metrics: {
            lcpMs: num('largest-contentful-paint'),
            tbtMs: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
            fcpMs: num('first-contentful-paint'),
            siMs: num('speed-index'),
          },
          tasks: loadTasks(lhr, result.artifacts.Trace as Trace),
          failing,
          oversizedImages: (
            (
              lhr.audits['uses-responsive-images']?.details as
                | { items?: { url: string; wastedBytes: number; totalBytes: number }[] }
                | undefined
            )?.items ?? []
          ).map((i) => ({ url: i.url, wastedBytes: i.wastedBytes, totalBytes: i.totalBytes })),
          imageAudits: Object.fromEntries(
            IMAGE_AUDITS.map((id) => [
              id,
              lhr.audits[id] ? lhr.audits[id]!.score === null || lhr.audits[id]!.score! >= 0.9 : true,
            ]),
          ),
        };
        log(
          `  ${preset.padEnd(7)} ${new URL(url).pathname.padEnd(28)} perf ${run.scores.performance} a11y ${run.scores.accessibility} bp ${run.scores['best-practices']} seo ${run.scores.seo} long tasks ${run.tasks.long.map((t) => Math.round(t.ms)).join(',') || 'none'} (longest recorded ${Math.round(run.tasks.observed.ms)} ms ${run.tasks.observed.kind})`,
        );
        runs.push(run);
      }
    }
  } finally {
    chrome.kill();
  }
  return runs;
}
