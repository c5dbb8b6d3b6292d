import { EXIT } from '../../core/exit-codes.ts';
import type { WarningInput } from '../../src/lib/warn.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import { fetchChanged, fetchContent, type ContentRead } from './fetch-content.ts';
import type { NeedsFullRead, PageAssets, RenderedSite } from './pages.ts';
import { SiteStream } from './site-stream.ts';
import { validateContent, withoutFailed, type ValidContent } from './validate-content.ts';

import { type ExportRun, ExportError, type Plan, type Rendered, siteTime } from './export-run.ts';

/** Stage 2: every published school, or with `since` only the schools a change can reach (exit 2 on failure). */
export async function readContent(run: ExportRun, plan: Plan): Promise<ContentRead | NeedsFullRead> {
  const { progress, source, fail } = run;
  if (!plan.since) {
    return progress.phase(
      'fetch',
      () => fetchContent(source, run.retry()).catch(fail(EXIT.fetch, 'fetch')),
      (r) => `${r.schools.length} school documents`,
    );
  }
  const since = plan.since;
  const got = await progress.phase(
    'fetch',
    () =>
      fetchChanged(source, since, run.retry(), undefined, plan.revisions ?? undefined).catch(fail(EXIT.fetch, 'fetch')),
    (r) =>
      r
        ? `${r.changed!.length} changed document(s), ${r.schools.length} school document(s) to read`
        : 'much changed, or changed while reading: reading everything',
  );
  return got ?? { needsFullRead: 'much changed, or changed while reading' };
}

/** Stage 3: skips what cannot be published (exit 3 when nothing can); an incremental read may not stand. */
export function validate(
  plan: Plan,
  read: ContentRead,
  report: (w: WarningInput) => void,
): ValidContent | NeedsFullRead {
  const content = validateContent(read, report, plan.since?.schools ?? null, plan.holders);
  if (read.changed !== null)
    return content ?? { needsFullRead: 'a school was added, removed, or changed slug or validity' };
  if (!content || content.schools.length === 0) {
    const fetched = read.schools.length;
    throw new ExportError(
      EXIT.noContent,
      'validate',
      `no valid content: ${fetched} school document(s) fetched, none publishable`,
    );
  }
  return content;
}

/**
 * Stage 4: renders the pages whose inputs changed and carries the others over. A school whose page
 * throws is skipped with a warning and the site built again without it (no page may link to it);
 * exit 3 when no school is left, exit 4 when a page of the whole site fails.
 */
export async function renderPages(
  run: ExportRun,
  plan: Plan,
  validated: ValidContent,
  report: (w: WarningInput) => void,
): Promise<Rendered | NeedsFullRead> {
  const { opts, source } = run;
  const { bundle, publicFiles } = await run.assets();
  const { buildPages } = await run.renderer.catch(run.fail(EXIT.render, 'render'));
  const env: SiteEnv = {
    images: {
      projectId: source.config.projectId,
      dataset: source.config.dataset,
      imageHost: source.config.imageHost,
      selfHostBase: run.selfHost ? opts.base : null,
    },
    base: opts.base,
    ...(opts.root !== '/' ? { root: opts.root } : {}),
    preview: null,
  };
  const assets: PageAssets = {
    entryUrl: bundle.entryUrl,
    cssUrls: bundle.cssUrls,
    entryPreload: bundle.entryPreload,
    editions: bundle.editions['entry-client-es'] ? { es: bundle.editions['entry-client-es'] } : {},
    pagePreload: bundle.pagePreload,
    favicon: publicFiles.some((f) => f.path === 'favicon.svg') ? `${opts.base}favicon.svg` : null,
  };
  const { manifest, previous } = plan;
  // Nothing can be carried over: every page is new, and is written while the others render.
  const stream =
    !plan.since && previous.size === 0 ? new SiteStream(opts.out, opts.base.slice(opts.root.length)) : null;
  let content = validated;
  const build = async (): Promise<RenderedSite | NeedsFullRead> => {
    for (;;) {
      // A build's warnings stand only once it does: a build again after a failed page repeats them.
      const held: WarningInput[] = [];
      const warn = (w: WarningInput) => {
        held.push(w);
      };
      const built = buildPages(content, {
        env,
        siteUrl: opts.siteUrl,
        warn,
        codeVersion: manifest.code,
        previous,
        limits: opts.limits,
        assets,
        now: siteTime(run.io.env),
        ...(stream ? { onOutput: stream } : {}),
      });
      if ('failed' in built) {
        // An incremental read holds only some schools: which pages link to the failed one is known to a full read.
        if (plan.since) return { needsFullRead: `${built.failed.length} school page(s) failed to render` };
        content = withoutFailed(content, built.failed, report);
        if (content.schools.length + content.carried.length === 0) {
          throw new ExportError(
            EXIT.noContent,
            'render',
            'no valid content: the page of every publishable school failed to render',
          );
        }
        await stream?.restart();
        continue;
      }
      for (const w of held) report(w);
      return built;
    }
  };
  const site = await run.progress
    .phase('render', build, (s) =>
      'needsFullRead' in s
        ? `${s.needsFullRead}: reading everything`
        : `${s.pages.length} pages${s.carried.length ? `, ${s.carried.length} unchanged` : ''}`,
    )
    .catch(async (err: unknown) => {
      await stream?.abort(err);
      return run.fail(EXIT.render, 'render')(err);
    });
  return 'needsFullRead' in site ? site : { site, content, bundle, publicFiles, stream };
}
