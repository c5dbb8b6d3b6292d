// The student quote in the school header: quote text, then student, school title and year.
import type { Quote } from '../../lib/content/types.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function FeaturedQuote({ quote, lang }: { quote: Quote | null | undefined; lang?: string }) {
  const body = text(quote?.quote);
  if (!body) return null;
  const student = text(quote?.student);
  const school = text(quote?.schoolTitle);
  const year = text(quote?.year);
  const hasCite = student || school || year;
  return (
    <figure className="featured-quote" lang={lang}>
      <blockquote className="featured-quote__text">
        <p>{body}</p>
      </blockquote>
      {hasCite ? (
        <figcaption className="featured-quote__cite">
          {student ? <span className="featured-quote__student">{student}</span> : null}
          {school ? <span className="featured-quote__school">{school}</span> : null}
          {year ? <span className="featured-quote__year">{year}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
