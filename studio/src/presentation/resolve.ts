// What the Presentation tool needs to connect pages and documents: for a document, the pages that
// show it (locations, listed above the document's form), and for a page, the document it is about
// (mainDocuments, opened beside the preview). Paths follow the site's route table (src/routes.ts):
// English at the top, Spanish under /es/. Checked against the sample by test/unit/presentation-resolve.test.ts.
import { defineDocuments, defineLocations, type PresentationPluginOptions } from 'sanity/presentation';

/** The English school behind a page's slug (a translation has no slug of its own). */
const ENGLISH_SCHOOL = `_type == "school" && (!defined(language) || language == "en") && slug.current == $slug`;

/** The Spanish school: the translation linked to the English school of that slug. */
const SPANISH_SCHOOL = `_type == "school" && language == "es" && _id in *[_type == "translation.metadata" && references(*[${ENGLISH_SCHOOL}]._id)].translations[].value._ref`;

export const mainDocuments = defineDocuments([
  { route: '/', filter: `_id == "landingPage"` },
  { route: '/es/', filter: `_type == "landingPage" && language == "es"` },
  { route: '/schools/:slug', filter: ENGLISH_SCHOOL, params: ({ params }) => ({ slug: params.slug ?? '' }) },
  { route: '/es/schools/:slug', filter: SPANISH_SCHOOL, params: ({ params }) => ({ slug: params.slug ?? '' }) },
]);

const LANDING = [
  { title: 'Landing page', href: '/' },
  { title: 'Landing page (Español)', href: '/es/' },
];

export const locations: NonNullable<PresentationPluginOptions['resolve']>['locations'] = {
  school: defineLocations({
    select: { title: 'title', slug: 'slug.current', language: 'language' },
    resolve: (doc) => {
      const slug = typeof doc?.slug === 'string' ? doc.slug : null;
      const title = typeof doc?.title === 'string' ? doc.title : 'School';
      if (!slug)
        return {
          message:
            typeof doc?.language === 'string' && doc.language !== 'en'
              ? 'A translation is shown at its English school’s address, under /es/.'
              : 'This school gets its page once it has an address: press “Generate” beside Address.',
        };
      return {
        locations: [
          { title, href: `/schools/${slug}` },
          { title: `${title} (Español)`, href: `/es/schools/${slug}` },
          LANDING[0]!,
        ],
      };
    },
  }),
  landingPage: defineLocations({
    select: { language: 'language' },
    resolve: (doc) => ({ locations: [doc?.language === 'es' ? LANDING[1]! : LANDING[0]!] }),
  }),
  siteSettings: defineLocations({
    select: { language: 'language' },
    resolve: (doc) => ({
      message: 'Shown on every page: the navigation, the footer and page titles.',
      locations: doc?.language === 'es' ? [LANDING[1]!] : LANDING,
    }),
  }),
};

export const resolve: PresentationPluginOptions['resolve'] = { mainDocuments, locations };
