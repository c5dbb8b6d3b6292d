// The stylesheets place things by start and end (logical properties), never by left and right, so
// a right-to-left page mirrors without a stylesheet of its own (test/browser/right-to-left.test.ts
// checks the result in Chromium). The exceptions are drawn shapes, which do not turn with the
// text (a chevron pointing down), and a box centred with left: 50%.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STYLES = path.resolve(import.meta.dirname, '../../src/styles');

/** selector → the physical properties it may keep, and why. */
const ALLOWED: Record<string, string[]> = {
  // Chevrons drawn with two borders and turned: they point down or up in either direction.
  '.accordion__icon': ['border-right'],
  '.nav-dropdown__toggle::after': ['border-right'],
  '.section-menu__chevron': ['border-right'],
  // Centred under its toggle (left: 50% with translateX(-50%)), the same either way.
  '.nav-dropdown__panel': ['left'],
};

const PHYSICAL =
  /^(margin|padding|border)-(left|right)(-\w+)?$|^(left|right)$|^border-(top|bottom)-(left|right)-radius$/;
const PHYSICAL_VALUE = /^(text-align|float|clear)$/;

test('no stylesheet places a box by left or right, but the drawn shapes named here', () => {
  const found: string[] = [];
  for (const file of readdirSync(STYLES).filter((f) => f.endsWith('.css'))) {
    const css = readFileSync(path.join(STYLES, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selectorText, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const selector = selectorText!.trim();
      for (const decl of body!.split(';')) {
        const [prop, value] = decl.split(':').map((s) => s?.trim() ?? '');
        if (!prop || value === undefined) continue;
        const physical = PHYSICAL.test(prop) || (PHYSICAL_VALUE.test(prop) && /^(left|right)$/.test(value));
        if (physical && !ALLOWED[selector]?.includes(prop)) found.push(`${file}: ${selector} { ${prop}: ${value} }`);
      }
    }
  }
  assert.deepEqual(
    found,
    [],
    'use inline-start / inline-end (margin-inline-start, inset-inline-end, text-align: start)',
  );
});
