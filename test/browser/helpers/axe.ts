// axe-core in a page (WCAG 2.0/2.1 A and AA, 2.2 AA, plus two rules axe leaves out of those tags:
// label-content-name-mismatch, WCAG 2.5.3, still "experimental" in axe, and landmark-unique, a
// best practice that screen-reader users feel): every violation as one readable line. Shared by
// the accessibility test and the tests of states only they reach (the grid's tools).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './site.ts';

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
/** axe is injected as an inline script, which the pages' own CSP rightly refuses: the test context bypasses it. */
export const AXE_CONTEXT = { bypassCSP: true };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const EXTRA_RULES = ['label-content-name-mismatch', 'landmark-unique'];

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

export async function axe(page: Page): Promise<string[]> {
  // A panel that is still fading in has a mid-way colour; judge the settled page a family reads.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(
    async ([tags, extra]) => {
      const axe = (
        window as unknown as {
          axe: {
            getRules(tags: string[]): { ruleId: string }[];
            run(ctx: Document, o: object): Promise<{ violations: AxeResult[] }>;
          };
        }
      ).axe;
      const rules = [...new Set([...axe.getRules(tags).map((r) => r.ruleId), ...extra])];
      const r = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
      return r.violations;
    },
    [TAGS, EXTRA_RULES] as const,
  );
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  );
}
