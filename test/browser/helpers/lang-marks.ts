// Whether a page says its own words in its own language: on a Spanish page, no heading, button,
// link, summary or table or list cell reads Spanish interface words while marked lang="en" (a
// screen reader would say them with an English voice). "Spanish interface words" are every string of the Spanish
// catalogues (the browser's, the facts', the built-in landing copy's; functions called with a
// sample argument and cut at it) that no English catalogue also holds, five characters or more.
import type { Page } from 'playwright-core';
import { CATALOGUES } from '../../../src/i18n/catalogues.ts';
import { FAMILY_WORDS } from '../../../src/i18n/family/index.ts';
import { LANDING_BUILTIN } from '../../../src/i18n/landing/index.ts';

const ARG = '\u0000';

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'function') {
    try {
      out.push(String((value as (...a: unknown[]) => unknown)(ARG, ARG, ARG)));
    } catch {
      /* a function that needs a real argument: its words are checked elsewhere */
    }
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Pieces of words: each string split at the sample argument, `{placeholders}` and sentence marks. */
const pieces = (all: string[]): Set<string> =>
  new Set(
    all
      .flatMap((s) => s.split(/\u0000|\{[a-z]+\}|[“”"():;,.?¿!¡]|\s-\s|NaN|undefined/))
      .map((s) => s.trim())
      .filter((s) => s.length >= 5 && /\p{L}{3}/u.test(s)),
  );

/** The Spanish interface words no English catalogue has. */
export function spanishWords(): string[] {
  const english = pieces([...strings(CATALOGUES.en), ...strings(FAMILY_WORDS.en), ...strings(LANDING_BUILTIN.en)]);
  const spanish = pieces([...strings(CATALOGUES.es), ...strings(FAMILY_WORDS.es), ...strings(LANDING_BUILTIN.es)]);
  return [...spanish].filter((s) => !english.has(s) && ![...english].some((e) => e.includes(s)));
}

/**
 * Headings, buttons, links, summaries and cells whose text in an English-marked part (their own text
 * nodes whose nearest lang is "en") holds Spanish interface words: "h2 «Cómo solicitar»".
 */
export async function spanishMarkedEnglish(page: Page, words: readonly string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const found: string[] = [];
    const controls = document.querySelectorAll(
      'h1, h2, h3, h4, h5, h6, button, a[href], summary, [role="button"], th, td, dt, dd, figcaption',
    );
    for (const el of controls) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let english = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const lang = n.parentElement?.closest('[lang]')?.getAttribute('lang') ?? '';
        if (lang.toLowerCase().startsWith('en')) english += ` ${n.textContent ?? ''}`;
      }
      const text = english.replace(/\s+/g, ' ').trim();
      const word = text && list.find((w) => text.includes(w));
      if (word) found.push(`${el.tagName.toLowerCase()} «${text.slice(0, 80)}» has «${word}»`);
    }
    return found;
  }, words as string[]);
}
