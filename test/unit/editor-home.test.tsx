// The preview's editor home: one row per school with the state an editor needs (published, draft
// changes, draft only), the draft's title when there is one, title order, and a live-preview link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { editorSchools } from '../../src/lib/editor-home.ts';
import { EditorHome } from '../../src/preview/EditorHome.tsx';

test('editorSchools: one entry per school, its state, the draft title, title order; junk rows ignored', () => {
  const list = editorSchools([
    { _id: 'school-b', title: 'Birch Middle', slug: 'birch' },
    { _id: 'drafts.school-b', title: 'Birch Middle (renamed)', slug: 'birch' },
    { _id: 'school-a', title: 'aspen Middle', slug: 'aspen' },
    { _id: 'drafts.school-new', title: 'Cedar Middle', slug: null },
    { _id: 'versions.r1.school-a', title: 'Release copy', slug: 'aspen' },
    null,
    'junk',
    { title: 'no id' },
  ]);
  assert.deepEqual(list, [
    { id: 'school-a', title: 'aspen Middle', slug: 'aspen', state: 'published' },
    { id: 'school-b', title: 'Birch Middle (renamed)', slug: 'birch', state: 'draft' },
    { id: 'school-new', title: 'Cedar Middle', slug: null, state: 'draft-only' },
  ]);
  assert.deepEqual(editorSchools(null), []);
});

test('EditorHome: a count in its summary, a row per school with its state, a live-preview link named for the school', () => {
  const html = renderToStaticMarkup(
    <EditorHome
      schools={[
        { id: 'school-a', title: 'Aspen', slug: 'aspen', state: 'published' },
        { id: 'school-n', title: 'New', slug: null, state: 'draft-only' },
      ]}
    />,
  );
  assert.match(html, /<summary>Editor home: 2 schools, 1 with unpublished changes<\/summary>/);
  assert.match(
    html,
    /<a href="\/schools\/aspen\?livepreview=1">Live preview<span class="visually-hidden"> of Aspen<\/span><\/a>/,
  );
  assert.match(
    html,
    /<tr data-state="draft-only"><th scope="row">New<\/th><td>Draft only, not published<\/td><td>needs a slug<\/td>/,
  );
  assert.equal(renderToStaticMarkup(<EditorHome schools={null} />), '');
});
