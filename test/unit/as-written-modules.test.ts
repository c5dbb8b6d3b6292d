// The families' bundles keep some components as the export wrote them (core/as-written-modules.ts,
// src/components/as-written.tsx): nothing of them runs in the browser. That is only right for a component
// that has, and renders, nothing interactive; this test fails when a kept component (or a component
// it renders) gains state, an effect or a handler, and when a stand-in's name does not match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AS_WRITTEN_MODULES } from '../../core/as-written-modules.ts';

const root = path.resolve(import.meta.dirname, '../..');
const KEPT = new Set(Object.keys(AS_WRITTEN_MODULES).map((m) => path.join(root, m)));
/** Drawn kept only in a state that takes no input: the pending tools panel is `inert` and gets no handlers. */
const INERT = new Set(['src/components/landing/GridToolsPanel.tsx']);
/** Drawn only until the page's script runs (the compare page then shows its table): nothing there to enhance. */
const GONE_AFTER_HYDRATION = new Set(['src/components/CompareNoScript.tsx']);
const INTERACTIVE = /\buse(?:State|Effect|LayoutEffect|Reducer|Hydrated)\b|\son[A-Z]\w*=\{/;

/** The component modules `file` renders, found through its relative .tsx imports, itself included. */
function componentsOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || (seen.size > 0 && KEPT.has(file))) return seen; // a kept one is checked on its own
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^import (?!type )[^;]*from '(\.[^']+\.tsx)';/gm))
    componentsOf(path.resolve(path.dirname(file), m[1]!), seen);
  return seen;
}

test('kept components render nothing interactive', () => {
  for (const [mod, kept] of Object.entries(AS_WRITTEN_MODULES)) {
    if (mod.endsWith('RichText.tsx')) continue; // its own stand-in keeps a copy for panels that mount it again
    if (kept.deferred) continue; // its stand-in renders the component itself once loaded (after-hydration.tsx)
    if (GONE_AFTER_HYDRATION.has(mod)) continue;
    for (const file of componentsOf(path.join(root, mod))) {
      if (INERT.has(path.relative(root, file))) continue;
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, INTERACTIVE, `${path.relative(root, file)} (kept through ${mod}) is interactive`);
    }
  }
});

test('each stand-in has the name its component has', async () => {
  for (const [mod, kept] of Object.entries(AS_WRITTEN_MODULES)) {
    const full = await import(path.join(root, mod));
    const standIns = await import(path.join(root, kept.from));
    for (const name of kept.names) {
      assert.equal(typeof full[name], 'function', `${mod} exports ${name}`);
      assert.equal(typeof standIns[name], 'function', `${kept.from} exports ${name}`);
    }
  }
});
