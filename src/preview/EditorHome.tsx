// The editors' home on the preview's landing page: every school in the dataset with its state
// (published, draft changes, draft only) and a link that opens it in live preview, so an editor
// finds what to look at without knowing slugs; what the district has not supplied of its site
// (settings, landing page, translations families cannot read, images without alt text), grouped as
// the export's report groups it, so a new district sees before publishing what its site leaves out;
// and the last export's report, when the preview can read it. Preview only; it never reaches the export.
import { schoolPath } from '../routes.ts';
import { DEFAULT_LANG } from '../i18n/messages.ts';
import { LANGUAGE_NAMES } from '../components/LanguageSwitcher.tsx';
import { EDITOR_STATE_LABEL, type EditorSchool } from './editor-home.ts';
import type { ExportReportSummary, ReportGroup } from '../build/report.ts';

/** Warnings by kind, with the documents and fields to fix. */
function Groups({ groups }: { groups: readonly ReportGroup[] }) {
  return (
    <ul>
      {groups.map((g) => (
        <li key={g.kind} data-kind={g.kind}>
          <strong>{`${g.count} · ${g.kind}: ${g.title}`}</strong>
          <ul>
            {g.first.map((f) => (
              <li key={f.document}>{f.fields.length ? `${f.document}: ${f.fields.join(', ')}` : f.document}</li>
            ))}
            {g.documents > g.first.length ? <li>{`and ${g.documents - g.first.length} more`}</li> : null}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** What the site leaves out until the district supplies it, read now (drafts included). */
function EditorNotes({ notes }: { notes: readonly ReportGroup[] }) {
  const total = notes.reduce((n, g) => n + g.count, 0);
  return (
    <section className="editor-home__notes" aria-label="What the site leaves out">
      <h2 className="editor-home__notes-title">
        {total === 0
          ? 'Nothing left out: every setting and part of the landing page is supplied'
          : `${total} ${total === 1 ? 'thing' : 'things'} the site leaves out or shows another way (the export reports them too)`}
      </h2>
      {total > 0 ? <Groups groups={notes} /> : null}
    </section>
  );
}

/** The last export's report: its warnings by kind, as it printed them. */
function LastExport({ report }: { report: ExportReportSummary }) {
  const when = report.finished.replace('T', ' ').slice(0, 16);
  return (
    <details className="editor-home__notes" aria-label="The last export's report">
      <summary className="editor-home__notes-title">
        {`Last export (${when} UTC${report.published ? '' : ', not published: --strict'}): ${report.total} ${report.total === 1 ? 'warning' : 'warnings'} of ${report.kinds.length} ${report.kinds.length === 1 ? 'kind' : 'kinds'}`}
      </summary>
      <Groups groups={report.kinds} />
    </details>
  );
}

export function EditorHome({
  schools,
  notes,
  lastExport,
}: {
  schools: readonly EditorSchool[] | null | undefined;
  notes?: readonly ReportGroup[] | null;
  lastExport?: ExportReportSummary | null;
}) {
  if (!schools) return null;
  const drafts = schools.filter((s) => s.state !== 'published').length;
  return (
    <details className="editor-home" open>
      <summary>{`Editor home: ${schools.length} ${schools.length === 1 ? 'school' : 'schools'}, ${drafts} with unpublished changes`}</summary>
      {notes ? <EditorNotes notes={notes} /> : null}
      {lastExport ? <LastExport report={lastExport} /> : null}
      <table className="editor-home__table">
        <caption className="visually-hidden">Schools and their state</caption>
        <thead>
          <tr>
            <th scope="col">School</th>
            <th scope="col">Language</th>
            <th scope="col">State</th>
            <th scope="col">Preview</th>
          </tr>
        </thead>
        <tbody>
          {schools.map((s) => (
            <tr key={s.id} data-state={s.state}>
              <th scope="row">{s.title}</th>
              <td lang={s.lang}>{LANGUAGE_NAMES[s.lang]}</td>
              <td>{EDITOR_STATE_LABEL[s.state]}</td>
              <td>
                {s.slug ? (
                  <a href={`${schoolPath(s.slug, s.lang)}?livepreview=1`}>
                    Live preview<span className="visually-hidden"> of {s.title}</span>
                  </a>
                ) : s.lang === DEFAULT_LANG ? (
                  'needs a slug'
                ) : (
                  'not linked to an English school'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
