// The facts the decision tools and the open data show must be the facts the school page shows:
// programs are the labels of the list each tag block displays, the type follows isCharter, and a
// location, quote or tour the page would not show is absent here too.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { schoolFacts, schoolPrograms } from '../../src/lib/facts/school-facts.ts';
import type { Block } from '../../src/lib/content/types.ts';
import { geopoint, schoolWith, sectionWith } from './helpers/school-fixture.ts';

const tags = (...labels: (string | null)[]) => labels.map((label, i) => ({ _key: `t${i}`, _type: 'tag', label }));
const tagList = (tagCategory: unknown, lists: Record<string, unknown>): Block =>
  ({ _key: `b-${String(tagCategory)}`, _type: 'tagList', tagCategory, ...lists }) as unknown as Block;

describe('schoolPrograms', () => {
  test('takes only the list each block shows, trimmed and de-duplicated across blocks', () => {
    const school = schoolWith({
      sectionRepeater: [
        sectionWith({
          title: 'Arts',
          blocks: [
            tagList('arts', {
              visualPerformingArtsTags: tags(' Band ', 'Choir', '', null),
              athleticsTags: tags('Hidden because the block shows arts'),
            }),
          ],
        }),
        sectionWith({
          _key: 'k2',
          title: 'More',
          blocks: [
            tagList('arts', { visualPerformingArtsTags: tags('band', 'Theatre') }),
            tagList('clubs', { clubsTags: tags('Robotics') }),
            tagList('chess', { clubsTags: tags('Not a category') }),
          ],
        }),
      ],
    });
    assert.deepEqual(schoolPrograms(school), {
      arts: ['Band', 'Choir', 'Theatre'],
      athletics: [],
      clubs: ['Robotics'],
    });
  });
});

describe('schoolFacts', () => {
  test('a school without a slug or a title has no facts (it has no page)', () => {
    assert.equal(schoolFacts(schoolWith({ title: 'A' })), null);
    assert.equal(schoolFacts(schoolWith({ slug: 'a', title: '  ' })), null);
  });

  test('type, location, quote, sections and tour as the page shows them', () => {
    const facts = schoolFacts(
      schoolWith({
        _id: 'school-a',
        slug: 'a b',
        title: ' Alder ',
        isCharter: true,
        location: geopoint(39.5, -105.1),
        featuredQuote: { quote: ' Great ', student: 'Sam', year: null, schoolTitle: 'Alder' },
        tourTitle: 'Visit us',
        tourLink: 'javascript:alert(1)',
        sectionRepeater: [sectionWith({ title: 'Academics', blocks: [] }), sectionWith({ _key: 'k2', title: null })],
      }),
    );
    assert.deepEqual(facts, {
      id: 'school-a',
      slug: 'a b',
      title: 'Alder',
      path: '/schools/a%20b',
      type: 'charter',
      location: { lat: 39.5, lng: -105.1 },
      programs: { arts: [], athletics: [], clubs: [] },
      quote: { text: 'Great', student: 'Sam', year: null },
      sections: ['Academics', 'Tours'],
      tour: { title: 'Visit us', url: null },
      // A school without the facts families decide by has none of them, not made-up ones.
      grades: null,
      enrollment: null,
      address: null,
      street: null,
      phone: null,
      website: null,
      bellTimes: null,
      transportation: null,
      beforeAfterCare: null,
      supportPrograms: [],
      admissions: null,
      admissionsHow: null,
      results: [],
      zipCodes: [],
      events: [],
      updated: null,
    });
  });

  test('no tour when the page hides it; an invalid location is no location; not charter is district', () => {
    const facts = schoolFacts(
      schoolWith({ slug: 'b', title: 'B', showTourSection: false, location: geopoint(200, 0), isCharter: null }),
    );
    assert.equal(facts?.tour, null);
    assert.equal(facts?.location, null);
    assert.equal(facts?.type, 'district');
    assert.deepEqual(facts?.sections, []);
  });
});
