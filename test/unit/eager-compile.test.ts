// The bundle's large module wrappers are rewritten so V8 compiles them with their file: a rewrite
// that changed what a module does would break every page, so each case runs both versions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EAGER_MIN_CHARS, eagerModuleWrappers } from '../../core/eager-compile.ts';

/** A module body long enough to count as a module wrapper, doing real work. */
const filler = Array.from(
  { length: Math.ceil(EAGER_MIN_CHARS / 20) },
  (_, i) => `function f${i}(x){return x+${i}}`,
).join(';');

/** Evaluates an esbuild-style chunk (its helper inlined) and returns what `run()` gives. */
function evaluate(code: string): unknown {
  const body = code.replace(/^export /m, '');
  return new Function(`${body}; return run();`)();
}

const cjsHelper = 'var wrap=(e,t)=>()=>(t||e((t={exports:{}}).exports,t),t.exports);';

test('a large CommonJS wrapper becomes a parenthesised function and still exports the same', () => {
  const code = `${cjsHelper}var mod=wrap((exports,module)=>{"use strict";${filler};exports.answer=f3(39);module.exports.twice=(n)=>n*2});
export function run(){const m=mod();return [m.answer,m.twice(21)]}`;
  const out = eagerModuleWrappers(code);
  assert.match(out, /var mod=wrap\(\(function\(exports,module\)\{"use strict";/);
  assert.deepEqual(evaluate(out), evaluate(code));
  assert.deepEqual(evaluate(out), [42, 42]);
});

test('a wrapper that uses this or arguments, or a small one, is left as esbuild wrote it', () => {
  const usesThis = `${cjsHelper}var a=wrap((exports)=>{${filler};exports.self=this});export function run(){return 1}`;
  const usesArgs = `${cjsHelper}var b=wrap((exports)=>{${filler};exports.n=()=>arguments.length});export function run(){return 1}`;
  const small = `${cjsHelper}var c=wrap((exports)=>{exports.x=1});export function run(){return c().x}`;
  for (const code of [usesThis, usesArgs, small]) assert.equal(eagerModuleWrappers(code), code);
});

test('this inside a nested ordinary function does not stop the rewrite', () => {
  const code = `${cjsHelper}var mod=wrap((exports)=>{${filler};exports.Box=function(v){this.v=v}});
export function run(){return new (mod().Box)(7).v}`;
  const out = eagerModuleWrappers(code);
  assert.notEqual(out, code);
  assert.equal(evaluate(out), 7);
});

test('code acorn cannot read is returned unchanged', () => {
  const broken = `var x = wrap((a) => { ${filler} `;
  assert.equal(eagerModuleWrappers(broken), broken);
});
