// The page frame every page shares: skip link first, header/nav, main (focusable target of the skip
// link), footer, and the theme applied as custom properties with invalid colours falling back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { Layout } from '../../src/components/Layout.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';

const env: SiteEnv = { images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' }, base: '/' };
const render = (color?: string | null) =>
  renderToString(
    <SiteEnvProvider env={env}>
      <Layout nav={[]} color={color}>
        <p>content</p>
      </Layout>
    </SiteEnvProvider>,
  );

test('landmarks in order: skip link, header with nav, main#main, footer', () => {
  const html = render();
  const firstLink = /<a [^>]*>/.exec(html)![0];
  assert.equal(firstLink, '<a class="skip-link" href="#main">');
  assert.ok(html.includes('>Skip to main content</a>'));
  const order = [
    'class="skip-link"',
    '<header class="site-header"><nav class="nav" aria-label="Main">',
    '<main id="main" class="site-main" tabindex="-1"><p>content</p></main>',
    '<footer class="site-footer">',
  ];
  let at = -1;
  for (const part of order) {
    const i = html.indexOf(part);
    assert.ok(i > at, `${part} after the previous landmark`);
    at = i;
  }
});

test('a school colour sets --theme and the 11 light variant; invalid colours fall back to #862633', () => {
  assert.match(render('#1d4e89'), /style="--theme:#1d4e89;--theme-light:#1d4e8911;/);
  for (const bad of ['red', '#12', 'expression(alert(1))', '#1d4e89;color:red', null, undefined]) {
    assert.match(render(bad), /style="--theme:#862633;--theme-light:#86263311;/, String(bad));
  }
});
