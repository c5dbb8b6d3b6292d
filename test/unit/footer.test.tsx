// The footer: back to top (smooth unless reduced motion), the copyright line with the current year
// and the district's name (none when it has not given one), and the district's PDF guide opening in
// a new tab under the asset base, only when its settings carry one.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Footer } from '../../src/components/Footer.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import { builtinSettings } from '../../src/lib/content/builtin-settings.ts';
import { siteSettings } from '../../src/build/site-settings.ts';
import { en } from '../../src/i18n/en.ts';
import { es } from '../../src/i18n/es.ts';
import { setupDom, type Dom } from './helpers/dom.ts';
import { sampleSettings, exportFiles } from './helpers/landing-copy.ts';

const BASE = '/wp-content/themes/district/';
const DISTRICT_NAME = 'Cedar Valley Public Schools';
const env: SiteEnv = {
  images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' },
  base: BASE,
  settings: sampleSettings('en', BASE),
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
  assert.equal(env.settings!.districtName, DISTRICT_NAME, "the sample's settings name it");
  assert.ok(
    text(renderToString(withEnv(<Footer />))).includes(`© ${year} Cedar Valley Public Schools. All rights reserved.`),
  );
  assert.ok(
    text(renderToString(withEnv(<Footer year={2031} />))).includes(
      '© 2031 Cedar Valley Public Schools. All rights reserved.',
    ),
  );
});

test("the district's PDF guide is linked under the asset base and opens in a new tab safely", () => {
  const html = renderToString(withEnv(<Footer />));
  const m =
    /<a class="site-footer__pdf" href="([^"]+)" target="_blank" rel="noopener noreferrer">Download a PDF Guide to Middle School Options/.exec(
      html,
    );
  assert.ok(m, html);
  assert.match(m[1]!, /^\/wp-content\/themes\/district\/files\/[0-9a-f]{40}\.pdf$/);
});

test('a district without a name or a guide: no name in the copyright line, no guide link', () => {
  const bare = renderToString(
    <SiteEnvProvider env={{ ...env, settings: builtinSettings(en) }}>
      <Footer year={2031} />
    </SiteEnvProvider>,
  );
  assert.ok(text(bare).includes('© 2031 All rights reserved.'), text(bare));
  assert.doesNotMatch(bare, /site-footer__pdf|\.pdf/);
});

test("the Spanish edition links the English document's guide, and says it is in English", () => {
  const guide = { _type: 'file', asset: { _ref: `file-${'a'.repeat(40)}-pdf` } };
  const english = { _id: 'siteSettings', districtName: 'Riverbend', guide };
  const spanish = (doc: object) =>
    renderToString(
      <SiteEnvProvider
        env={{
          ...env,
          messages: es,
          settings: siteSettings({ ...english, translations: [{ lang: 'es', doc }] }, 'es', es, exportFiles(BASE)),
        }}
      >
        <Footer />
      </SiteEnvProvider>,
    );
  assert.match(
    spanish({ footerText: 'Todos' }),
    new RegExp(`href="${BASE}files/a{40}\\.pdf"[^>]*>[^<]*<span[^>]*> \\(PDF en inglés`),
  );
  const own = { _type: 'file', asset: { _ref: `file-${'b'.repeat(40)}-pdf` } };
  assert.match(
    spanish({ guide: own }),
    new RegExp(`href="${BASE}files/b{40}\\.pdf"[^>]*>[^<]*<span[^>]*> \\(PDF, se abre`),
  );
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
