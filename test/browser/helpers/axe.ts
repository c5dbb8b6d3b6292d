// axe-core in a page (WCAG 2.0/2.1 A and AA, 2.2 AA): every violation as one readable line. Shared
// by the accessibility test and the tests of states only they reach (the grid's tools).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './site.ts';

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
/** axe is injected as an inline script, which the pages' own CSP rightly refuses: the test context bypasses it. */
export const AXE_CONTEXT = { bypassCSP: true };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

export async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (tags) => {
    const r = await (
      window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeResult[] }> } }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return r.violations;
  }, TAGS);
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  );
}
