// A school at a glance: the facts families decide by (grades, address, phone, bell times, care,
// support, last year's admissions), only those the school has, written for the reader at export
// (src/lib/school-glance.ts). A definition list, so it reads and prints as label and value.
import type { SchoolGlance } from '../../lib/types.ts';

export function AtAGlance({ glance, lang }: { glance: SchoolGlance; lang?: string }) {
  const m = glance.words;
  if (glance.rows.length === 0) return null;
  return (
    <section className="school-glance container" aria-labelledby="at-a-glance-title">
      <h2 id="at-a-glance-title" className="school-glance__title">
        {m.heading}
      </h2>
      <dl className="school-glance__list">
        {glance.rows.map((row) => (
          <div key={row.key} className={`school-glance__row school-glance__row--${row.key}`}>
            <dt>{row.label}</dt>
            <dd lang={row.key === 'transportation' || row.key === 'beforeAfterCare' || row.items ? lang : undefined}>
              {row.items ? (
                <ul className="school-glance__items">
                  {row.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : row.href ? (
                <a href={row.href} {...(row.key === 'address' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {row.value}
                  {row.key === 'address' ? <span className="visually-hidden">{m.mapNote}</span> : null}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
