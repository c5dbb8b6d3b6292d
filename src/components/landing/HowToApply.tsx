// "How to apply": the district's application steps with their dates, and one calendar file with
// them all as all-day events (written by the export beside the pages).
import type { LandingCopy } from '../../lib/content/landing-copy.ts';
import { copyLang } from '../../lib/content/editions.ts';

interface Props {
  copy: LandingCopy;
  heading: string;
  addAll: string;
  /** The timeline's calendar file; absent in the editors' preview. */
  src?: string | null;
}

export function HowToApply({ copy, heading, addAll, src }: Props) {
  const steps = copy.enrollmentTimeline;
  if (steps.length === 0) return null;
  // Only the steps' own words are the district's (English where the edition has none): the
  // heading, the dates and the button are the page's, in its language.
  const lang = copyLang(copy, 'enrollmentTimeline');
  return (
    <section className="how-to-apply container" aria-labelledby="how-to-apply-title">
      <h2 id="how-to-apply-title" className="how-to-apply__title">
        {heading}
      </h2>
      <ol className="how-to-apply__steps">
        {steps.map((s) => (
          <li key={s.key}>
            <p className="how-to-apply__date">
              <time dateTime={s.date}>{s.dateText}</time>
            </p>
            <p className="how-to-apply__step" lang={lang}>
              {s.title}
            </p>
            {s.description ? <p lang={lang}>{s.description}</p> : null}
          </li>
        ))}
      </ol>
      {src ? (
        <p>
          <a className="button button--outline" href={src} download>
            {addAll}
          </a>
        </p>
      ) : null}
    </section>
  );
}
