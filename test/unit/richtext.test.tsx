// Fixture-driven rich-text tests: each test/fixtures/richtext/<name>.json (input + expected warnings)
// must render to exactly <name>.html, warning once per unknown kind, never again on a second render.
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { RichText, hasRichText } from '../../src/components/richtext/RichText.tsx';
import { normalizeRichText } from '../../src/components/richtext/normalize.ts';
import { resetWarnings } from '../../src/lib/warn.ts';

const dir = new URL('../fixtures/richtext/', import.meta.url);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();

let warnings: string[] = [];
const realWarn = console.warn;
beforeEach(() => {
  resetWarnings();
  warnings = [];
  console.warn = (...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
  };
});
afterEach(() => {
  console.warn = realWarn;
});

describe('rich text fixtures', () => {
  test('the fixture set covers marks, links, lists, breaks, styles, unknowns and malformed input', () => {
    assert.deepEqual(names, [
      'breaks-and-styles',
      'links-allowed',
      'links-denied',
      'lists',
      'malformed',
      'marks',
      'unknown',
    ]);
  });

  for (const name of names) {
    test(name, () => {
      const fixture = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')) as {
        value: unknown;
        warnings: number | string[];
      };
      const expected = readFileSync(new URL(`${name}.html`, dir), 'utf8').trimEnd();
      assert.equal(renderToStaticMarkup(<RichText value={fixture.value} />), expected);
      const wanted = Array.isArray(fixture.warnings) ? fixture.warnings : [];
      assert.equal(warnings.length, wanted.length, `warnings: ${JSON.stringify(warnings)}`);
      wanted.forEach((w, i) =>
        assert.ok(warnings[i]!.includes(w), `warning ${i} "${warnings[i]}" should mention ${w}`),
      );
      // Same content again (the next page of an export): no new warnings, same HTML.
      assert.equal(renderToStaticMarkup(<RichText value={fixture.value} />), expected);
      assert.equal(warnings.length, wanted.length);
    });
  }
});

describe('rich text edge cases', () => {
  test('empty, null and non-array values render nothing', () => {
    for (const v of [null, undefined, [], '', 'text', 42, [null]]) {
      assert.equal(renderToStaticMarkup(<RichText value={v} />), '');
      assert.equal(hasRichText(v), false);
    }
  });

  test('a single block object is accepted like a one-block array', () => {
    const html = renderToStaticMarkup(
      <RichText value={{ _type: 'block', children: [{ _type: 'span', text: 'solo' }] }} />,
    );
    assert.equal(html, '<div class="rich-text"><p>solo</p></div>');
  });

  test('duplicate _keys from copy-paste do not reach React as keys (no key warnings)', () => {
    const dup = {
      _type: 'block',
      _key: 'same',
      children: [
        { _type: 'span', _key: 'same', text: 'x' },
        { _type: 'span', _key: 'same', text: 'y', marks: ['em'] },
      ],
    };
    const out = normalizeRichText([dup, dup]);
    assert.deepEqual(
      out.map((b) => b._key),
      ['b0', 'b1'],
    );
    const errors: unknown[] = [];
    const realError = console.error;
    console.error = (...a: unknown[]) => {
      errors.push(a);
    };
    try {
      assert.equal(
        renderToStaticMarkup(<RichText value={[dup, dup]} />),
        '<div class="rich-text"><p>x<em>y</em></p><p>x<em>y</em></p></div>',
      );
    } finally {
      console.error = realError;
    }
    assert.deepEqual(errors, []);
  });

  test('a link mark whose markDef is missing renders its text through the unknown-mark fallback, once', () => {
    const html = renderToStaticMarkup(
      <RichText value={[{ _type: 'block', children: [{ _type: 'span', text: 'orphan', marks: ['k1'] }] }]} />,
    );
    assert.equal(html, '<div class="rich-text"><p><span>orphan</span></p></div>');
    assert.equal(warnings.length, 1);
  });

  test('an image between paragraphs shows as a photo with its alternative text; an image without a picture, nothing', () => {
    const asset = { _ref: 'image-abc-1600x1000-jpg' };
    const html = renderToStaticMarkup(
      <RichText
        value={[
          { _type: 'block', children: [{ _type: 'span', text: 'Before' }] },
          { _type: 'image', _key: 'i1', asset, alt: 'The new library', evil: '<script>' },
          { _type: 'photo', _key: 'i2', asset, decorative: true },
          { _type: 'image', _key: 'i3' },
        ]}
      />,
    );
    assert.match(
      html,
      /^<div class="rich-text"><p>Before<\/p><figure class="block block-photo"><img [^>]*alt="The new library"/,
    );
    assert.match(html, /<figure class="block block-photo"><img [^>]*alt=""/);
    assert.equal((html.match(/<figure/g) ?? []).length, 2);
    assert.doesNotMatch(html, /evil|script/);
    assert.deepEqual(warnings, []);
  });
});
