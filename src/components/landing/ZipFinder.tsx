// "Find schools by ZIP code": without JavaScript a list of the district's ZIP pages; once the
// page is interactive, also a field that goes straight to the page of the ZIP code typed. What is
// wrong with a code (nothing typed, not five digits, not in the district) is said under the field,
// naming what was typed, and goes away as soon as the family types again.
import { useId, useState, type FormEvent } from 'react';
import { pageHref, zipPath } from '../../routes.ts';
import type { ZipFinderData } from '../../lib/content/types.ts';
import { checkZip } from '../../lib/family-tools/zip-input.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';

export function ZipFinder({ finder }: { finder: ZipFinderData }) {
  const { root } = useSiteEnv();
  const { lang } = useMessages();
  const [problem, setProblem] = useState('');
  const statusId = useId();
  const w = finder.words;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const typed = String(new FormData(e.currentTarget).get('zip') ?? '');
    const got = checkZip(typed, (zip) => finder.zips.includes(zip), w);
    if ('zip' in got) window.location.assign(pageHref(root, zipPath(got.zip, lang)));
    else setProblem(got.problem);
  };
  return (
    <section className="zip-finder container" aria-labelledby="zip-finder-title">
      <h2 id="zip-finder-title" className="zip-finder__title">
        {w.heading}
      </h2>
      <p>{w.intro}</p>
      {/* Drawn from the start (no jump when the page becomes interactive), hidden without scripting. */}
      <form className="zip-finder__form js-only" onSubmit={onSubmit} noValidate>
        <label htmlFor="zip-finder-input">{w.label}</label>
        <input
          id="zip-finder-input"
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          aria-describedby={statusId}
          aria-invalid={problem ? true : undefined}
          onInput={() => setProblem('')}
        />
        <button type="submit" className="button">
          {w.go}
        </button>
        <p id={statusId} role="status" className="zip-finder__status">
          {problem}
        </p>
      </form>
      <ul className="zip-finder__list">
        {finder.zips.map((zip) => (
          <li key={zip}>
            <a href={pageHref(root, zipPath(zip, lang))}>{zip}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
