// The footer: back to top (smooth unless reduced motion), the copyright line with the current year
// and district name, and the PDF guide opening in a new tab under the asset base.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Footer } from '../../src/components/Footer.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import { DISTRICT_NAME } from '../../src/config/site.ts';
import { setupDom, type Dom } from './helpers/dom.ts';

const env: SiteEnv = {
  images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' },
  base: '/wp-content/themes/district/',
};
const withEnv = (ui: ReactNode) => <SiteEnvProvider env={env}>{ui}</SiteEnvProvider>;
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

test('copyright line: current year, district name, All rights reserved.', () => {
  const year = new Date().getFullYear();
  assert.equal(DISTRICT_NAME, 'Cedar Valley Public Schools');
  assert.ok(
    text(renderToString(withEnv(<Footer />))).includes(`© ${year} Cedar Valley Public Schools. All rights reserved.`),
  );
  assert.ok(
    text(renderToString(withEnv(<Footer year={2031} />))).includes(
      '© 2031 Cedar Valley Public Schools. All rights reserved.',
    ),
  );
});

test('the PDF guide link is under the asset base and opens in a new tab safely', () => {
  const html = renderToString(withEnv(<Footer />));
  const m =
    /<a class="site-footer__pdf" href="([^"]+)" target="_blank" rel="noopener noreferrer">Download a PDF Guide to Middle School Options/.exec(
      html,
    );
  assert.ok(m, html);
  assert.equal(m[1], '/wp-content/themes/district/guide/middle-school-options.pdf');
});

test('a page exported last year hydrates without a mismatch and then shows this year', async () => {
  dom = await setupDom();
  const server = renderToString(withEnv(<Footer year={1999} />));
  assert.ok(text(server).includes('© 1999'));
  const errors = await dom.hydrate(withEnv(<Footer />), server);
  assert.deepEqual(errors, []);
  assert.ok(
    dom.container.textContent!.includes(`© ${new Date().getFullYear()} ${DISTRICT_NAME}. All rights reserved.`),
  );
});

for (const reducedMotion of [false, true]) {
  test(`'Return to Top' scrolls to the top (${reducedMotion ? 'instantly under reduced motion' : 'smoothly'})`, async () => {
    dom = await setupDom({ reducedMotion });
    const calls: unknown[] = [];
    dom.window.scrollTo = ((opts: unknown) => {
      calls.push(opts);
    }) as typeof dom.window.scrollTo;
    await dom.render(withEnv(<Footer />));
    const link = Array.from(dom.container.querySelectorAll('a')).find((b) => b.textContent === 'Return to Top');
    // A link to the top, not a button: without JavaScript it still takes the visitor there.
    assert.ok(link, 'a Return to Top link');
    assert.equal(link.getAttribute('href'), '#top');
    let followed = true;
    dom.container.addEventListener('click', (e) => {
      followed = !e.defaultPrevented;
    });
    await dom.act(() => link.click());
    assert.deepEqual(calls, [{ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' }]);
    assert.equal(followed, false, 'scrolled by script, not by a jump to #top');
  });
}
