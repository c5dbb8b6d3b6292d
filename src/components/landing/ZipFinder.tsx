// "Find schools by ZIP code": without JavaScript a list of the district's ZIP pages; once the
// page is interactive, also a field that goes straight to the page of the ZIP code typed.
import { useState, type FormEvent } from 'react';
import { pageHref, zipPath } from '../../routes.ts';
import type { ZipFinderData } from '../../lib/types.ts';
import { useMessages, useSiteEnv } from '../../SiteEnv.tsx';

export function ZipFinder({ finder }: { finder: ZipFinderData }) {
  const { root } = useSiteEnv();
  const { lang } = useMessages();
  const [problem, setProblem] = useState('');
  const w = finder.words;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const zip = String(new FormData(e.currentTarget).get('zip') ?? '').trim();
    if (finder.zips.includes(zip)) window.location.assign(pageHref(root, zipPath(zip, lang)));
    else setProblem(w.unknown.replace('{zip}', zip));
  };
  return (
    <section className="zip-finder container" aria-labelledby="zip-finder-title">
      <h2 id="zip-finder-title" className="zip-finder__title">
        {w.heading}
      </h2>
      <p>{w.intro}</p>
      {/* Drawn from the start (no jump when the page becomes interactive), hidden without scripting. */}
      <form className="zip-finder__form js-only" onSubmit={onSubmit}>
        <label htmlFor="zip-finder-input">{w.label}</label>
        <input
          id="zip-finder-input"
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="\d{5}"
          maxLength={5}
        />
        <button type="submit" className="button">
          {w.go}
        </button>
        <p role="status" className="zip-finder__status">
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
