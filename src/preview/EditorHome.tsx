// The editors' home on the preview's landing page: every school in the dataset with its state
// (published, draft changes, draft only) and a link that opens it in live preview, so an editor
// finds what to look at without knowing slugs. Preview only; it never reaches the export.
import { schoolPath } from '../routes.ts';
import { DEFAULT_LANG } from '../i18n/messages.ts';
import { LANGUAGE_NAMES } from '../components/LanguageSwitcher.tsx';
import { EDITOR_STATE_LABEL, type EditorSchool } from '../lib/editor-home.ts';

export function EditorHome({ schools }: { schools: readonly EditorSchool[] | null | undefined }) {
  if (!schools) return null;
  const drafts = schools.filter((s) => s.state !== 'published').length;
  return (
    <details className="editor-home" open>
      <summary>{`Editor home: ${schools.length} ${schools.length === 1 ? 'school' : 'schools'}, ${drafts} with unpublished changes`}</summary>
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
