// One school section as editors build it in the Studio: its content, tag lists, photos, FAQ,
// highlights and testimonial blocks in the order the page shows them. Sample schools differ by
// their facts and by a few deliberate faults (an unknown block, an empty photo slot) the site must
// survive.
import { DISTRICT, SECTION_TITLES, type SchoolFacts, type SectionKind } from './schools.ts';
import { type Keys, pt, type PTItem } from './pt.ts';
import type { Scene } from './images.ts';
import { aboutCopy, academicsCopy, lifeCopy } from './school-copy.ts';

const SITE = DISTRICT.site;

export const ref = (id: string) => ({ _type: 'reference', _ref: id });

export interface Ctx {
  image: (
    name: string,
    scene: Scene,
    w: number,
    h: number,
    accent: string,
    extra?: { hotspot?: object; crop?: object },
  ) => Record<string, unknown>;
  accent: string;
  accordionIds: string[];
  highlightIds: string[];
  q2: string;
  videoId: string;
}

function tagList(keys: Keys, category: 'arts' | 'athletics' | 'clubs', s: SchoolFacts) {
  const tags = (xs: string[]) => xs.map((label) => ({ _key: keys.next(), _type: 'tag', label }));
  // Every list is filled in, as editors do; the category decides which one shows.
  return {
    _key: keys.next(),
    _type: 'tagList',
    tagCategory: category,
    visualPerformingArtsTags: tags(s.artsTags),
    athleticsTags: tags(s.athleticsTags),
    clubsTags: tags(s.clubsTags),
  };
}

export function section(s: SchoolFacts, kind: SectionKind, keys: Keys, c: Ctx): Record<string, unknown> {
  const blocks: Record<string, unknown>[] = [];
  const content = (md: string, columns = false, extra: PTItem[] = []) =>
    blocks.push({ _key: keys.next(), _type: 'content', columns, body: [...pt(keys, md), ...extra] });
  const photos = (names: Scene[], withEmpty = false) => {
    const reel: Record<string, unknown>[] = names.map((scene, i) => ({
      _key: keys.next(),
      ...c.image(`${s.key}-${kind}-reel-${i + 1}`, scene, 1200, 900, c.accent),
    }));
    // An editor added a slot and never picked a photo: the site must skip it.
    if (withEmpty) reel.splice(1, 0, { _key: keys.next(), _type: 'image' });
    blocks.push({ _key: keys.next(), _type: 'photos', photoReel: reel });
  };
  const photo = (scene: Scene, extra: { hotspot?: object; crop?: object } = {}) =>
    blocks.push({
      _key: keys.next(),
      ...c.image(`${s.key}-${kind}-photo`, scene, 1200, 900, c.accent, extra),
      _type: 'photo',
    });

  switch (kind) {
    case 'academics': {
      const extra: PTItem[] = [];
      if (s.key === 'lincoln') {
        // An embedded object type this site has no component for: it must get the unknown-type fallback.
        extra.push({
          _type: 'callToAction',
          _key: keys.next(),
          label: 'Request a course guide',
          url: `${SITE}/course-guides/lincoln`,
        });
      }
      content(academicsCopy(s), true, extra);
      blocks.push({
        _key: keys.next(),
        _type: 'accordionSection',
        sectionTitle: s.isCharter ? 'Charter School FAQ' : 'Frequently Asked Questions',
        columns: s.key === 'foothills' || s.key === 'lincoln',
        topPadding: s.key !== 'meridian',
        accordions: c.accordionIds.map((id) => ({ _key: keys.next(), ...ref(id) })),
      });
      blocks.push({
        _key: keys.next(),
        _type: 'highlightSection',
        highlights: c.highlightIds.map((id) => ({ _key: keys.next(), ...ref(id) })),
      });
      break;
    }
    case 'outdoor-lab':
      content(
        `## Forty acres of classroom\n\nThe outdoor lab includes a restored wetland, a ponderosa pine stand, a weather station that reports to the National Weather Service volunteer network, and a student-run greenhouse.\n\n### What students do there\n\n- Measure water quality in Bear Creek every week\n- Track bird migration with a citizen-science partner\n  - Spring and fall counts are published on the school website\n  - Data is shared with the state wildlife agency\n- Grow seedlings for the district's school gardens`,
      );
      // A block type added to the studio after this site shipped: nothing shows, nothing breaks.
      blocks.push({
        _key: keys.next(),
        _type: 'eventCalendar',
        calendarId: 'aspen-ridge-outdoor-lab',
        showPastEvents: false,
      });
      photos(['hills', 'lab', 'field']);
      break;
    case 'arts':
      content(
        `${s.arts}\n\nArts classes are part of the regular school day, and instruments are available to borrow at no cost for families who need them.`,
        s.key === 'harmon-park',
        s.key === 'harmon-park' ? [ticketLine(keys)] : [],
      );
      blocks.push(tagList(keys, 'arts', s));
      photos(['stage', 'classroom', 'library'], s.key === 'lincoln');
      break;
    case 'athletics':
      content(
        `${s.athletics}\n\nAll athletes need a current physical on file and a signed participation form. Fees are waived for students who qualify for free or reduced-price meals.`,
      );
      blocks.push(tagList(keys, 'athletics', s));
      photo(
        'field',
        s.key === 'foothills' || s.key === 'aspen-ridge'
          ? {
              hotspot: { x: 0.35, y: 0.6, width: 0.3, height: 0.3 },
              crop: { top: 0.1, bottom: 0, left: 0.1, right: 0.05 },
            }
          : {},
      );
      break;
    case 'student-life':
      content(lifeCopy(s), s.key === 'foothills');
      blocks.push(tagList(keys, 'clubs', s));
      blocks.push({
        _key: keys.next(),
        _type: 'videoTestimonial',
        testimonial: ref(c.q2),
        video: ref(c.videoId),
        backgroundImage: c.image(
          `${s.key}-testimonial-bg`,
          s.key === 'harmon-park' ? 'stage' : 'classroom',
          1920,
          1080,
          c.accent,
        ),
      });
      break;
    case 'about':
      content(aboutCopy(s), s.key !== 'cottonwood');
      photo(s.key === 'cottonwood' ? 'library' : 'campus');
      break;
  }
  const title = SECTION_TITLES[kind];
  return { _key: keys.next(), _type: 'section', title, href: kind, blocks };
}

/** A paragraph with an inline object (a studio icon plugin) between two spans: unknown inline types get the fallback too. */
function ticketLine(keys: Keys): PTItem {
  return {
    _type: 'block',
    _key: keys.next(),
    style: 'normal',
    markDefs: [],
    children: [
      {
        _type: 'span',
        _key: keys.next(),
        text: 'Tickets for every production are free for Cedar Valley students ',
        marks: [],
      },
      { _type: 'inlineIcon', _key: keys.next(), icon: 'ticket' },
      { _type: 'span', _key: keys.next(), text: ' and $5 for adults at the box office.', marks: [] },
    ],
  };
}
