// The documentation stays usable: the README stays a short front page (the detail lives in docs/ by
// topic), every relative link in it and in docs/ reaches a file (and a heading, when it names one),
// and no tracked product text or code names a numbered work item instead of saying what a thing
// does and why.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../core/paths.ts';

const README = path.join(REPO_ROOT, 'README.md');
const DOCS = path.join(REPO_ROOT, 'docs');
const README_MAX_LINES = 200;

function markdownFiles(): string[] {
  const docs = readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(DOCS, name));
  return [README, path.join(REPO_ROOT, 'ARCHITECTURE.md'), ...docs];
}

/** Markdown without its fenced code blocks, where a heading is a heading. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** Text where a link is a link: outside fenced code blocks and inline code. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (code spans keep their text). */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every heading anchor of a document; a repeated heading gets -1, -2, … as on GitHub. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

interface BrokenLink {
  file: string;
  target: string;
  why: string;
}

function brokenLinks(file: string): BrokenLink[] {
  const text = readFileSync(file, 'utf8');
  const broken: BrokenLink[] = [];
  for (const match of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
    const [filePart = '', anchor] = target.split('#');
    const resolved = filePart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(filePart));
    const rel = path.relative(REPO_ROOT, file);
    if (!existsSync(resolved)) {
      broken.push({ file: rel, target, why: 'no such file' });
      continue;
    }
    if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
      if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
        broken.push({ file: rel, target, why: 'no such heading' });
      }
    }
  }
  return broken;
}

/** Tracked text files of the product, its tests and its documentation. */
function trackedText(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' });
  const roots = ['src/', 'scripts/', 'server/', 'core/', 'content-service/', 'render/', 'studio/', 'bench/'];
  roots.push('test/', 'docs/', 'bin/');
  return out
    .split('\0')
    .filter((name) => /\.(ts|tsx|mjs|js|css|md|json)$/.test(name))
    .filter((name) => name === 'README.md' || name === 'ARCHITECTURE.md' || roots.some((root) => name.startsWith(root)))
    .filter((name) => !name.endsWith('package-lock.json') && existsSync(path.join(REPO_ROOT, name)));
}

describe('the documentation', () => {
  it(`keeps the README to at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(README, 'utf8').split('\n').length - 1;
    assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move detail into docs/`);
  });

  it('has no relative link in the README, ARCHITECTURE.md or docs/ to a missing file or heading', () => {
    const broken = markdownFiles().flatMap(brokenLinks);
    assert.deepEqual(broken, []);
  });

  it('reads heading anchors as GitHub makes them', () => {
    // The checker itself, on this repository's own files: a known heading passes, a made-up one fails.
    assert.ok(anchors(readFileSync(README, 'utf8')).has('set-up-run-and-test'));
    assert.ok(!anchors(readFileSync(README, 'utf8')).has('no-such-heading'));
    assert.ok(anchors('## Two ways: published (`?x`)\n').has('two-ways-published-x'));
  });

  it('names no numbered work item in tracked product text, code or tests', () => {
    const offenders: string[] = [];
    for (const name of trackedText()) {
      const lines = readFileSync(path.join(REPO_ROOT, name), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/\bissues? #?\d+/i.test(line)) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(offenders, []);
  });
});
