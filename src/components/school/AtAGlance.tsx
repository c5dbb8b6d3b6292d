// A school at a glance: the facts families decide by (grades, address, phone, bell times, care,
// support, results, last year's admissions and how the seats were given), only those the school
// has, written for the reader at export (src/lib/facts/school-glance.ts). A definition list, so it reads
// and prints as label and value. Each piece of content carries its own language where it is not the
// page's (lang="en" on an English fact of a Spanish page), never a row or the section around it:
// the labels are the page's words.
import type { GlanceResult, GlanceRow, GlanceText, SchoolGlance } from '../../lib/content/types.ts';

const Said = ({ text }: { text: GlanceText }) => (text.lang ? <span lang={text.lang}>{text.text}</span> : text.text);

function Result({ result, source }: { result: GlanceResult; source: string }) {
  const from = result.source.lang ? <span lang={result.source.lang}>{result.source.text}</span> : result.source.text;
  return (
    <li>
      <Said text={result.label} />: <strong className="school-glance__figure">{result.value}</strong>{' '}
      <span className="school-glance__meta">
        ({result.year}; {source}:{' '}
        {result.sourceUrl ? (
          <a href={result.sourceUrl} target="_blank" rel="noopener noreferrer">
            {from}
          </a>
        ) : (
          from
        )}
        )
      </span>
    </li>
  );
}

function Value({ row, mapNote }: { row: GlanceRow; mapNote: string }) {
  if (!row.value) return null;
  if (row.href)
    return (
      <a href={row.href} {...(row.key === 'address' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {row.value}
        {row.key === 'address' ? <span className="visually-hidden">{mapNote}</span> : null}
      </a>
    );
  return row.lang ? <span lang={row.lang}>{row.value}</span> : row.value;
}

export function AtAGlance({ glance }: { glance: SchoolGlance }) {
  const m = glance.words;
  if (glance.rows.length === 0) return null;
  return (
    <section className="school-glance container" aria-labelledby="at-a-glance-title">
      <h2 id="at-a-glance-title" className="school-glance__title">
        {m.heading}
      </h2>
      <dl className="school-glance__list">
        {glance.rows.map((row) => {
          const List = row.ordered ? 'ol' : 'ul';
          return (
            <div key={row.key} className={`school-glance__row school-glance__row--${row.key}`}>
              <dt>{row.label}</dt>
              <dd>
                <Value row={row} mapNote={m.mapNote} />
                {row.items?.length ? (
                  <List className="school-glance__items">
                    {row.items.map((item) => (
                      <li key={item.text} lang={item.lang}>
                        {item.text}
                      </li>
                    ))}
                  </List>
                ) : null}
                {row.results?.length ? (
                  <ul className="school-glance__results">
                    {row.results.map((r) => (
                      <Result key={`${r.label.text}\0${r.year}`} result={r} source={m.source} />
                    ))}
                  </ul>
                ) : null}
                {row.notes?.map((note) => (
                  <p key={note.text} className="school-glance__note" lang={note.lang}>
                    {note.text}
                  </p>
                ))}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
