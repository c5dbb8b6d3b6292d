// A complete school document (as returned by schoolBySlugQuery) for the school-page and block tests.
import type { School } from '../../../src/lib/types.ts';

const img = (hash: string, w = 1600, h = 1000) => ({ _type: 'image', asset: { _type: 'reference', _ref: `image-${hash}-${w}x${h}-jpg` } });
const p = (text: string) => ({ _type: 'block', _key: text.slice(0, 8), style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] });

export function sampleSchool(): School {
  return {
    _id: 'school-lincoln',
    _type: 'school',
    title: 'Lincoln Middle School',
    subtitle: 'Home of the Lions',
    slug: 'lincoln-middle',
    image: img('aaa111'),
    logo: img('bbb222', 400, 400),
    color: '#1d4ed8',
    location: { lat: 39.74, lng: -104.99 },
    featuredQuote: { quote: 'I found my people here.', student: 'Maya R.', year: '8th grade', schoolTitle: 'Lincoln Middle School' },
    showTourSection: true,
    tourTitle: 'Visit Lincoln',
    tourDescription: [p('Tours run every Tuesday.')],
    tourLink: 'https://district.example/tours/lincoln',
    tourImage: img('ccc333', 1200, 800),
    sectionRepeater: [
      {
        _key: 's1', _type: 'section', title: 'Academics', href: 'academics',
        blocks: [
          { _type: 'content', _key: 'c1', columns: true, body: [p('Rigorous courses for every student.')] },
          { ...img('ddd444', 2000, 1200), _type: 'photo', _key: 'ph' },
          {
            _type: 'accordionSection', _key: 'ac', sectionTitle: 'Programs', columns: false, topPadding: true,
            accordions: [
              { _id: 'a1', accordionTitle: 'Honors', defaultOpen: true, accordionContent: [p('Honors courses in every core subject.')] },
              null,
              { _id: 'a2', accordionTitle: 'Electives', defaultOpen: false, accordionContent: [p('Spanish, coding and band.')] },
            ],
          },
        ],
      },
      {
        _key: 's2', _type: 'section', title: 'Student Life', href: 'student life"><script>',
        blocks: [
          null,
          { _type: 'photos', _key: 'pr', photoReel: [img('e1'), { _type: 'image', _key: 'x' }, img('e2'), img('e3'), img('e4'), img('e5'), img('e6')] },
          { _type: 'tagList', _key: 't', tagCategory: 'clubs', clubsTags: [{ _key: '1', label: 'Robotics' }, { _key: '2', label: 'Chess' }], athleticsTags: [{ _key: '3', label: 'Soccer' }] },
          { _type: 'mysteryWidget', _key: 'm' },
          {
            _type: 'videoTestimonial', _key: 'v',
            testimonial: { quote: 'Band changed my life.', student: 'Sam T.', year: 'Class of 2027' },
            video: { title: 'Sam on band', videoId: 'dQw4w9WgXcQ' },
            backgroundImage: img('fff666', 1920, 1080),
          },
          {
            _type: 'highlightSection', _key: 'h',
            highlights: [
              { _id: 'h1', title: 'STEM Lab', description: [p('Build robots.')], image: img('abc123', 800, 600), link: '/schools/lincoln-middle#academics', href: 'https://ignored.example' },
              { _id: 'h2', title: 'Partners', simpleDescription: 'Local businesses mentor students.', imageUrl: '/img/partners.jpg', href: 'https://partners.example/' },
              { _id: 'h3', title: 'Unsafe', simpleDescription: 'No link for me.', link: 'javascript:alert(1)', href: 'data:text/html,x' },
              null,
            ],
          },
        ],
      },
    ],
  };
}
