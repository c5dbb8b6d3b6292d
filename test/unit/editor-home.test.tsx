// The preview's editor home: one row per school with the state an editor needs (published, draft
// changes, draft only), the draft's title when there is one, title order, and a live-preview link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { editorSchools } from '../../src/preview/editor-home.ts';
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
    { id: 'school-a', title: 'aspen Middle', slug: 'aspen', state: 'published', lang: 'en' },
    { id: 'school-b', title: 'Birch Middle (renamed)', slug: 'birch', state: 'draft', lang: 'en' },
    { id: 'school-new', title: 'Cedar Middle', slug: null, state: 'draft-only', lang: 'en' },
  ]);
  assert.deepEqual(editorSchools(null), []);
});

test('editorSchools: a translation is named in its language and previewed at its English school’s address', () => {
  const list = editorSchools(
    [
      { _id: 'school-b', title: 'Birch Middle', slug: 'birch' },
      // A draft translation, never published, as the plugin makes it (no slug of its own).
      { _id: 'drafts.b-es', title: 'Escuela Birch', language: 'es' },
      { _id: 'c-es', title: 'Escuela sin enlace', language: 'es' },
    ],
    [
      // The plugin's older format (language in _key) reads the same.
      { group: 'meta-b', lang: 'en', ref: 'school-b' },
      { group: 'meta-b', lang: 'es', ref: 'b-es' },
      null,
    ],
  );
  assert.deepEqual(list, [
    { id: 'school-b', title: 'Birch Middle', slug: 'birch', state: 'published', lang: 'en' },
    { id: 'b-es', title: 'Escuela Birch', slug: 'birch', state: 'draft-only', lang: 'es' },
    { id: 'c-es', title: 'Escuela sin enlace', slug: null, state: 'published', lang: 'es' },
  ]);
  const html = renderToStaticMarkup(<EditorHome schools={list} />);
  assert.match(html, /<th scope="row">Escuela Birch<\/th><td lang="es">Español<\/td>/);
  assert.match(html, /<a href="\/es\/schools\/birch\?livepreview=1">/);
  assert.match(html, /not linked to an English school/);
});

test('EditorHome: a count in its summary, a row per school with its state, a live-preview link named for the school', () => {
  const html = renderToStaticMarkup(
    <EditorHome
      schools={[
        { id: 'school-a', title: 'Aspen', slug: 'aspen', state: 'published', lang: 'en' },
        { id: 'school-n', title: 'New', slug: null, state: 'draft-only', lang: 'en' },
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
    /<tr data-state="draft-only"><th scope="row">New<\/th><td lang="en">English<\/td><td>Draft only, not published<\/td><td>needs a slug<\/td>/,
  );
  assert.equal(renderToStaticMarkup(<EditorHome schools={null} />), '');
});
