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
  /** The longest main-thread task while the page loaded, at the run's CPU slowdown (mobile 4x), and its script. */
  longestTask: { ms: number; url: string | null };
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

/**
 * The longest top-level main-thread task of the recorded load (navigation to the end of the
 * trace, which Lighthouse ends once the page is quiet), times the CPU slowdown the run simulates:
 * Lighthouse's own long-tasks audit lists only tasks of 50 ms and more, and a passing page's
 * longest task is worth seeing too. Lighthouse's simulation scales each task the same way.
 */
export function longestTask(trace: Trace, cpuSlowdown: number): { ms: number; url: string | null } {
  const processed = TraceProcessor.processTrace(trace);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timeOriginEvt.ts,
  );
  let longest: { ms: number; url: string | null } = { ms: 0, url: null };
  for (const task of tasks) {
    if (task.parent || task.startTime < 0) continue;
    const ms = task.duration * cpuSlowdown;
    if (ms > longest.ms) longest = { ms, url: task.attributableURLs[0] ?? null };
  }
  return longest;
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
          longestTask: longestTask(
            result.artifacts.Trace as Trace,
            lhr.configSettings.throttlingMethod === 'simulate'
              ? lhr.configSettings.throttling.cpuSlowdownMultiplier
              : 1,
          ),
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
          `  ${preset.padEnd(7)} ${new URL(url).pathname.padEnd(28)} perf ${run.scores.performance} a11y ${run.scores.accessibility} bp ${run.scores['best-practices']} seo ${run.scores.seo} longest task ${Math.round(run.longestTask.ms)} ms`,
        );
        runs.push(run);
      }
    }
  } finally {
    chrome.kill();
  }
  return runs;
}
