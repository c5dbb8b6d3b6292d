// Theme colours come from editors: invalid values must fall back to the default, the light variant
// must be the '11' alpha suffix (spec section 9), and text colours chosen for a theme must pass AA.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_THEME_COLOR,
  contrastRatio,
  flatten,
  readableTextOn,
  themeColors,
  themeStyle,
  TEXT_DARK,
} from '../../src/lib/theme.ts';

test('default theme is #862633 with light variant #86263311', () => {
  assert.equal(DEFAULT_THEME_COLOR, '#862633');
  assert.deepEqual(themeColors(), { color: '#862633', light: '#86263311' });
  assert.deepEqual(themeColors(null), { color: '#862633', light: '#86263311' });
});

test('a valid #rrggbb colour is used, normalised, with the 11 alpha suffix', () => {
  assert.deepEqual(themeColors('#1D4E89'), { color: '#1d4e89', light: '#1d4e8911' });
  assert.deepEqual(themeColors('  #00aa55 '), { color: '#00aa55', light: '#00aa5511' });
});

test('invalid colours fall back to the default', () => {
  for (const bad of [
    '',
    'red',
    '#fff',
    '#12345',
    '#1234567',
    '#12345678',
    'rgb(0,0,0)',
    '#gggggg',
    '862633',
    '#86263311',
    'url(javascript:alert(1))',
    '#123456;background:red',
    42 as unknown as string,
    {} as unknown as string,
  ]) {
    assert.deepEqual(themeColors(bad), { color: '#862633', light: '#86263311' }, `input ${JSON.stringify(bad)}`);
  }
});

test('contrast ratio matches the WCAG formula at known points', () => {
  assert.equal(contrastRatio('#000000', '#ffffff'), 21);
  assert.equal(contrastRatio('#777777', '#777777'), 1);
  // white on the default theme: about 8.98:1
  assert.ok(Math.abs(contrastRatio('#ffffff', '#862633') - 8.98) < 0.01);
});

test('flatten blends the light variant over white', () => {
  assert.equal(flatten('#00000011'), '#eeeeee');
  assert.equal(flatten('#862633'), '#862633');
  assert.equal(flatten('#ffffff00', '#000000'), '#000000');
});

test('text on a theme colour passes AA: white on dark colours, near-black on light ones', () => {
  assert.equal(readableTextOn('#862633'), '#ffffff');
  assert.equal(readableTextOn('#ffeb3b'), TEXT_DARK);
  for (const c of ['#862633', '#ffeb3b', '#00ff00', '#777777', '#0000ff', '#ff0000', '#ffffff', '#000000']) {
    assert.ok(contrastRatio(readableTextOn(c), c) >= 4.5, `text on ${c}`);
  }
});

test('themeStyle sets the custom properties and keeps theme-coloured text readable', () => {
  assert.deepEqual(themeStyle(null), {
    '--theme': '#862633',
    '--theme-light': '#86263311',
    '--theme-contrast': '#ffffff',
    '--theme-text': '#862633',
  });
  // A light school colour cannot be used for text on white: body text colour instead.
  const yellow = themeStyle('#ffeb3b');
  assert.equal(yellow['--theme'], '#ffeb3b');
  assert.equal(yellow['--theme-contrast'], TEXT_DARK);
  assert.equal(yellow['--theme-text'], TEXT_DARK);
  // The default theme colour as text on its own light variant still passes AA.
  assert.ok(contrastRatio('#862633', flatten('#86263311')) >= 4.5);
  assert.equal(themeStyle('bogus')['--theme'], '#862633');
});

test('every #rrggbb gets a theme text and contrast colour that pass AA', () => {
  // A coarse sweep of the colour cube (8 steps per channel) instead of a handful of picks.
  const steps = [0x00, 0x24, 0x49, 0x6d, 0x77, 0x92, 0xb6, 0xff];
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  for (const r of steps)
    for (const g of steps)
      for (const b of steps) {
        const c = `#${hex(r)}${hex(g)}${hex(b)}`;
        const style = themeStyle(c);
        assert.ok(contrastRatio(style['--theme-contrast']!, c) >= 4.5, `contrast text on ${c}`);
        assert.ok(contrastRatio(style['--theme-text']!, '#ffffff') >= 4.5, `theme text on white for ${c}`);
        assert.ok(
          contrastRatio(style['--theme-text']!, flatten(style['--theme-light']!)) >= 4.5,
          `theme text on light for ${c}`,
        );
      }
});
