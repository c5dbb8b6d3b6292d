// The district's vocabulary: support programs, admission priorities and result measures chosen by
// reference (or, in lists typed before the vocabulary, by key or title) read in the page's language
// everywhere, with the filter keyed the same in both editions; a typed name that is no term is
// shown as written, marked with its language. Results keep their year and source; how last year's
// seats were given is told from content.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { resolveTerms, termLabel } from '../../src/lib/facts/vocabulary.ts';
import { resultsOf, supportOf } from '../../src/lib/facts/school-terms.ts';
import { schoolGlance } from '../../src/lib/facts/school-glance.ts';
import { factsIn, schoolFacts } from '../../src/lib/facts/school-facts.ts';
import { localizeSchool, type SchoolRow } from '../../src/lib/content/localize.ts';
import { programGroups } from '../../src/lib/family-tools/grid-tools.ts';
import { parseFactsList } from '../../src/lib/facts/facts-file.ts';
import { schoolWith } from './helpers/school-fixture.ts';
import type { School } from '../../src/lib/content/types.ts';

const NOW = Date.parse('2026-12-01T00:00:00Z');
const term = (kind: 'support' | 'priority' | 'measure', key: string, en: string, es?: string) => ({
  _id: `term-${key}`,
  kind,
  key,
  title: { en, ...(es ? { es } : {}) },
});
const IEP = term('support', 'iep', 'Special education (IEP)', 'Educación especial (IEP)');
const ELL = term('support', 'english-learners', 'English learner support', 'Apoyo para estudiantes de inglés');
const GT = term('support', 'gifted', 'Gifted and talented');
const SIBLINGS = term('priority', 'siblings', 'Siblings of current students', 'Hermanos de estudiantes actuales');
const ZONED = term('priority', 'zoned', 'Families zoned for the school', 'Familias de la zona de la escuela');
const MATH = term('measure', 'math', 'Math proficiency', 'Dominio de matemáticas');

const school = schoolWith({
  _id: 'school-lincoln',
  title: 'Lincoln Middle School',
  slug: 'lincoln-middle',
  support: [IEP, null, GT] as School['support'],
  results: [
    {
      _key: 'a',
      measure: MATH,
      label: null,
      value: '78%',
      year: '2024-25',
      source: 'State assessment (CMAS)',
      sourceUrl: null,
    },
    {
      _key: 'b',
      measure: null,
      label: 'Eighth graders in algebra',
      value: '41%',
      year: '2024-25',
      source: 'District records',
      sourceUrl: 'javascript:alert(1)',
    },
    { _key: 'c', measure: null, label: 'No source', value: '1', year: '2024', source: null, sourceUrl: null },
  ] as School['results'],
  admissions: { year: 2025, seats: 120, applicants: 310, priorities: [SIBLINGS, ZONED], lottery: true, waitlisted: 42 },
  admissionsNote: 'Every zoned family who applied got a seat.',
});

describe('terms of the vocabulary', () => {
  test("a term's title in the page's language, else English marked, else its key", () => {
    assert.deepEqual(termLabel(IEP, 'es'), { key: 'iep', label: 'Educación especial (IEP)' });
    assert.deepEqual(termLabel(GT, 'es'), { key: 'gifted', label: 'Gifted and talented', lang: 'en' });
    assert.deepEqual(termLabel({ key: 'bare' }, 'es'), { key: 'bare', label: 'bare' });
    assert.equal(termLabel({ key: 'Not A Key', title: { en: 'x' } }, 'en'), null);
  });

  test('older typed lists: a key or any title, as written, names the term; anything else is shown as written', () => {
    const typed = ['iep', 'English learner support', 'Reading intervention', 'IEP', ''];
    const en = resolveTerms({ typed, named: [IEP, ELL], typedLang: 'en' }, 'support', 'en');
    // 'IEP' is neither the key nor a title, as written: a name of its own.
    assert.deepEqual(en, [
      { key: 'iep', label: 'Special education (IEP)' },
      { key: 'english-learners', label: 'English learner support' },
      { key: 'reading-intervention', label: 'Reading intervention' },
    ]);
    // The English school's typed list on the Spanish page: terms in Spanish, the rest marked English.
    const es = resolveTerms({ typed, named: [IEP, ELL], typedLang: 'en' }, 'support', 'es');
    assert.deepEqual(es, [
      { key: 'iep', label: 'Educación especial (IEP)' },
      { key: 'english-learners', label: 'Apoyo para estudiantes de inglés' },
      { key: 'reading-intervention', label: 'Reading intervention', lang: 'en' },
    ]);
    // A translation's own typed list names the same terms by their Spanish titles: the same keys.
    const own = resolveTerms({ typed: ['Educación especial (IEP)'], named: [IEP], typedLang: 'es' }, 'support', 'es');
    assert.deepEqual(own, [{ key: 'iep', label: 'Educación especial (IEP)' }]);
    // A term of another kind is never one of these.
    assert.deepEqual(resolveTerms({ chosen: [SIBLINGS], typedLang: 'en' }, 'support', 'en'), []);
  });

  test('chosen terms first, a deleted one (null) skipped, each key once', () => {
    const s = schoolWith({ ...school, supportPrograms: ['gifted', 'Robotics tutoring'], supportTerms: [GT] });
    assert.deepEqual(
      supportOf(s, 'en').map((t) => t.key),
      ['iep', 'gifted', 'robotics-tutoring'],
    );
  });

  test('a result without its year or source is left out; a typed label is marked English on Spanish pages', () => {
    const en = resultsOf(school, 'en');
    assert.deepEqual(
      en.map((r) => [r.measure.label, r.value, r.year, r.source, r.sourceUrl]),
      [
        ['Math proficiency', '78%', '2024-25', 'State assessment (CMAS)', null],
        ['Eighth graders in algebra', '41%', '2024-25', 'District records', null],
      ],
    );
    const es = resultsOf(localizeSchool(school, 'es'), 'es');
    assert.deepEqual(es[0]!.measure, { key: 'math', label: 'Dominio de matemáticas' });
    assert.equal(es[0]!.sourceLang, 'en');
    assert.deepEqual(es[1]!.measure, {
      key: 'eighth-graders-in-algebra',
      label: 'Eighth graders in algebra',
      lang: 'en',
    });
  });
});

describe('at a glance and the facts, in each edition', () => {
  const row: SchoolRow = {
    ...school,
    translations: [
      { lang: 'es', doc: { _id: 'es', admissionsNote: 'Todas las familias de la zona obtuvieron plaza.' } },
    ],
  };
  const es = localizeSchool(row, 'es');

  test('the glance: support, results with year and source, and how the seats were given', () => {
    const g = schoolGlance(es, { lang: 'es', locale: 'es-US', now: NOW, timeZone: 'America/Denver' });
    const byKey = (k: string) => g.rows.find((r) => r.key === k)!;
    assert.deepEqual(byKey('supportPrograms').items, [
      { text: 'Educación especial (IEP)' },
      { text: 'Gifted and talented', lang: 'en' },
    ]);
    assert.deepEqual(byKey('results').results![0], {
      label: { text: 'Dominio de matemáticas' },
      value: '78%',
      year: '2024-25',
      source: { text: 'State assessment (CMAS)', lang: 'en' },
      sourceUrl: null,
    });
    const how = byKey('admissionsHow');
    assert.equal(how.label, 'Cómo se asignaron las plazas');
    assert.ok(how.ordered);
    assert.deepEqual(
      how.items!.map((i) => i.text),
      ['Hermanos de estudiantes actuales', 'Familias de la zona de la escuela'],
    );
    assert.deepEqual(how.notes, [
      { text: 'Las demás plazas se sortearon.' },
      { text: '42 familias quedaron en la lista de espera.' },
      { text: 'Todas las familias de la zona obtuvieron plaza.' },
    ]);
    // Without the translation's note, the English one, marked.
    const plain = schoolGlance(localizeSchool(school, 'es'), {
      lang: 'es',
      locale: 'es-US',
      now: NOW,
      timeZone: 'UTC',
    });
    assert.deepEqual(plain.rows.find((r) => r.key === 'admissionsHow')!.notes!.at(-1), {
      text: 'Every zoned family who applied got a seat.',
      lang: 'en',
    });
  });

  test("each edition's facts speak its language, and the filters key support programs the same in both", () => {
    const facts = schoolFacts(school, NOW)!;
    facts.editions = { es: schoolFacts(es, NOW, 'es', school)! };
    const [en, spanish] = [factsIn(facts, 'en'), factsIn(facts, 'es')];
    assert.ok(!('editions' in en));
    assert.deepEqual(
      spanish.supportPrograms!.map((t) => t.label),
      ['Educación especial (IEP)', 'Gifted and talented'],
    );
    assert.equal(spanish.admissionsHow!.note, 'Todas las familias de la zona obtuvieron plaza.');
    assert.ok(spanish.fallback!.includes('programs'));
    // Through the file as the browser reads it.
    const [read] = parseFactsList(JSON.parse(JSON.stringify([spanish])));
    assert.deepEqual(
      read!.results!.map((r) => r.measure.label),
      ['Dominio de matemáticas', 'Eighth graders in algebra'],
    );
    assert.equal(read!.admissionsHow!.waitlisted, 42);
    const tokens = (f: typeof en) =>
      programGroups([f])
        .find((g) => g.category === 'support')!
        .options.map((o) => o.token)
        .sort();
    assert.deepEqual(tokens(en), tokens(read!));
    assert.deepEqual(tokens(en), ['gifted', 'iep']);
  });
});
