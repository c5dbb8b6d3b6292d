// Every GROQ query the site runs, with shared projections as fragments. Nothing else in the
// project writes GROQ: the preview API exposes these by name only.
// Each query is wrapped in defineQuery and built only from template literals of `const`s in this
// file, so Sanity TypeGen can read it and generate its result type (src/lib/content/sanity.types.ts,
// `npm run typegen`). defineQuery returns its argument: the text sent is exactly the template's,
// and test/unit/queries-text.test.ts holds it to the text from before TypeGen.
import { defineQuery } from 'groq';

/** The school projection: every reference of the content model expanded in one round trip. */
export const quoteFields = /* groq */ `quote, student, year, "schoolTitle": school->title`;

// Each block type's own fields, named: an unknown type or an unknown field (typed into a dataset by
// another Studio, or by hand) is not read at all, so it can neither reach a page nor make the
// content service build an arbitrarily deep answer. Fields are listed in the Studio schema's order.
// A named field the block lacks comes back as null; a photo's crop and hotspot, which the Studio
// only writes once an editor sets them, stay absent as they are stored.
export const blockFields = /* groq */ `
  _key, _type,
  _type == "content" => { columns, body },
  _type in ["photo", "image"] => {
    asset, defined(crop) => { crop }, defined(hotspot) => { hotspot },
    defined(alt) => { alt }, defined(decorative) => { decorative }
  },
  _type == "photos" => { photoReel },
  _type == "accordionSection" => {
    sectionTitle, columns, topPadding,
    "accordions": accordions[]->{ _id, accordionTitle, defaultOpen, accordionContent }
  },
  _type == "videoTestimonial" => {
    "testimonial": testimonial->{ ${quoteFields} },
    "video": video->{ title, videoId },
    backgroundImage
  },
  _type == "highlightSection" => {
    "highlights": highlights[]->{ _id, title, description, simpleDescription, image, imageUrl, link, href }
  },
  _type == "tagList" => { tagCategory, visualPerformingArtsTags, athleticsTags, clubsTags }
`;

/** A term of the district's vocabulary (studio vocabularyTerm.ts), as src/lib/facts/vocabulary.ts reads it. */
export const termFields = /* groq */ `_id, kind, key, title`;

/**
 * The support-program terms a list typed before the vocabulary names (by key or by a title), so the
 * page shows them in its language; an entry naming none is shown as written. Asked only of a school
 * with such a list: the vocabulary is read once per school that needs it, not per school.
 */
const namedSupportTerms = /* groq */ `"supportTerms": select(defined(supportPrograms) => *[_type == "vocabularyTerm" &&
    kind == "support" && (key in ^.supportPrograms || title.en in ^.supportPrograms || title.es in ^.supportPrograms)]{ ${termFields} })`;

/** What families decide by (studio schoolFacts.ts): shown "at a glance", in the facts file and the open data. */
export const schoolFactFields = /* groq */ `address{ street, city, state, zip }, phone, website, grades, enrollment,
  bellTimes{ start, end }, transportation, beforeAfterCare,
  "support": support[]->{ ${termFields} }, supportPrograms, ${namedSupportTerms},
  results[]{ _key, "measure": measure->{ ${termFields} }, label, value, year, source, sourceUrl },
  admissions{ year, seats, applicants, "priorities": priorities[]->{ ${termFields} }, lottery, waitlisted },
  admissionsNote, attendanceZipCodes, events[]{ _key, title, start, end, location, url }`;

export const schoolFields = /* groq */ `
  _id, _type, _updatedAt, title, subtitle, "slug": slug.current,
  logo, staticLogo, image, staticImage, mainImage, isCharter, color, location,
  "featuredQuote": featuredQuote->{ ${quoteFields} },
  twitter, seoDescription, seoImage,
  showTourSection, tourTitle, tourDescription, tourLink, tourImage,
  ${schoolFactFields},
  sectionRepeater[]{ _key, _type, title, href, blocks[]{ ${blockFields} } }
`;

/**
 * The school documents of the site's default language. A translation (`language` set to another
 * language, linked by a `translation.metadata` document as @sanity/document-internationalization
 * writes it) is read only through its English school; an English-only dataset has no `language`.
 */
export const englishSchoolFilter = /* groq */ `_type == "school" && (!defined(language) || language == "en")`;

/**
 * A school's translations, document-level (docs/content-model.md, "Languages"): the fields a
 * translation may carry, each falling back to the English school's when absent (src/lib/content/localize.ts).
 */
export const translatedSchoolFields = /* groq */ `
  _id, language, title, subtitle, seoDescription,
  logo, image, mainImage, tourImage, seoImage,
  transportation, beforeAfterCare, supportPrograms, ${namedSupportTerms}, admissionsNote,
  events[]{ _key, title, start, end, location, url },
  "featuredQuote": featuredQuote->{ ${quoteFields} },
  tourTitle, tourDescription,
  sectionRepeater[]{ _key, _type, title, href, blocks[]{ ${blockFields} } }
`;
/**
 * A document's entries in its translation.metadata, English left out. The translation plugin names
 * each entry's language in `language` (its `_key` random); datasets written by its older versions
 * keep the language in `_key`, so either is read.
 */
const otherLanguages = /* groq */ `*[_type == "translation.metadata" && references(^._id)][0].translations[coalesce(language, _key) != "en"]`;
const entryLanguage = /* groq */ `coalesce(language, _key)`;
export const schoolTranslations = /* groq */ `"translations": ${otherLanguages}{
    "lang": ${entryLanguage}, "doc": value->{ ${translatedSchoolFields} }
  }`;
/** The landing card's translatable fields, from the same translations. */
export const landingTranslations = /* groq */ `"translations": ${otherLanguages}{
    "lang": ${entryLanguage}, "doc": value->{ title, seoDescription, mainImage }
  }`;
/** The English schools a translation change reaches: those its translation.metadata links. Params: { ids }. */
export const translatedSchoolIds = /* groq */ `*[_type == "translation.metadata" && (_id in $ids || references($ids))].translations[].value._ref`;

/**
 * The landing page's words (studio landingPage): the contract's field names, each list's entries
 * named, so a field typed into a dataset by hand cannot reach the page.
 */
export const landingPageFields = /* groq */ `
  _id, _updatedAt, language, headline, tagline,
  superintendentQuote{ quote, name, title },
  sectionTitles{ advantage, academics, options },
  advantageIntro, statsHeading,
  stats[]{ _key, value, label },
  panels[]{ _key, title, defaultOpen, body, links[]{ _key, label, href } },
  testimonial{ title, videoId, quote, student, poster },
  heroVideo{ webm{ asset }, mp4{ asset } }, heroPoster,
  academicsIntro,
  academicHighlights[]{ _key, title, text },
  enrollmentTimeline[]{ _key, title, date, description },
  gridHeading, gridIntro
`;
/** What every page shows around its content (studio siteSettings). */
export const siteSettingsFields = /* groq */ `
  _id, language, districtName, logo,
  elementaryLink{ label, href }, highSchoolLink{ label, href },
  footerText, footerLinks[]{ _key, label, href }, guide{ asset }, themeColor,
  zipCodes[]{ _key, zip, lat, lng }, timeZone
`;
export const landingPageTranslations = /* groq */ `"translations": ${otherLanguages}{
    "lang": ${entryLanguage}, "doc": value->{ ${landingPageFields} }
  }`;
export const siteSettingsTranslations = /* groq */ `"translations": ${otherLanguages}{
    "lang": ${entryLanguage}, "doc": value->{ ${siteSettingsFields} }
  }`;
/**
 * The landing page and the site settings, English (fixed ids) with their translations; null where
 * the dataset has none (the site then shows its built-in copy, src/lib/content/landing-copy.ts and site-settings.ts).
 * `editions` (every translated landing page and settings document) and `hiddenLinks` (translation
 * links with a dotted id, which only a read with a token sees) let src/build/site-notes.ts name a
 * translation families cannot read. `vocabulary` (every term's revision) is part of every page's
 * key: a school may name a term by its key, which no reference follows, so a term's edit renders
 * every page again.
 */
export const siteDocuments = /* groq */ `{
    "landing": *[_type == "landingPage" && _id == "landingPage"][0]{ ${landingPageFields}, ${landingPageTranslations} },
    "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{ ${siteSettingsFields}, ${siteSettingsTranslations} },
    "editions": *[_type in ["landingPage", "siteSettings"] && defined(language) && language != "en"]{ _id, _type, language },
    "vocabulary": *[_type == "vocabularyTerm"] | order(_id asc){ _id, _rev },
    "hiddenLinks": *[_type == "translation.metadata" && !(_id in path("*")) && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]._id
  }`;

/** The landing page and site settings alone: the preview's read for every page. */
export const siteDocumentsQuery = defineQuery(`${siteDocuments}`);

/** The schools the navigation and the landing grid list. */
export const listedSchoolFilter = /* groq */ `${englishSchoolFilter} && defined(slug.current)`;
// staticLogo: a school with only a static logo shows it in the menus (content model: used when logo is absent).
export const navigationSchoolFields = /* groq */ `_id, title, subtitle, "slug": slug.current, logo, staticLogo, isCharter`;
// translationMeta: the id of the school's translation.metadata, which the export's incremental read
// keeps with the row, so unlinking a translation (deleting that document) still reaches the school.
export const landingSchoolFields = /* groq */ `_id, title, "slug": slug.current, logo, color, mainImage, seoDescription, ${landingTranslations},
  "translationMeta": *[_type == "translation.metadata" && references(^._id)][0]._id`;

/** Schools for navigation: ordered by title; mapped and charter-sorted in src/lib/content/mapping.ts. */
export const navigationSchoolsQuery = defineQuery(`
  *[${listedSchoolFilter}] | order(title asc) { ${navigationSchoolFields} }`);

/** Schools for the landing grid; sorted and filtered in src/lib/content/mapping.ts. */
export const landingSchoolsQuery = defineQuery(`
  *[${listedSchoolFilter}] | order(title asc) { ${landingSchoolFields} }`);

/**
 * One school by slug, fully expanded; of two with one slug the one created first (undated last),
 * as the export keeps it (scripts/lib/address-keeper.ts). Params: { slug }.
 */
export const schoolBySlugQuery = defineQuery(`
  *[${englishSchoolFilter} && slug.current == $slug] | order(_createdAt asc, _id asc) [0] { ${schoolFields}, ${schoolTranslations} }`);

/** One school by document id (published or `drafts.` id), fully expanded. Params: { id }. */
export const schoolByIdQuery = defineQuery(`
  *[_id == $id][0] { ${schoolFields}, ${schoolTranslations} }`);

/** Every school the export renders, fully expanded, in a stable order. */
export const allSchoolsQuery = defineQuery(`
  *[${englishSchoolFilter}] | order(_id asc) { ${schoolFields}, ${schoolTranslations} }`);

/**
 * Preview step 1: the ids of the school(s) behind a slug, published and draft, so the
 * published id can be derived even for a draft-only school; the one created first first, as
 * schoolBySlugQuery. Run with perspective 'raw'. Params: { slug }.
 */
export const schoolIdsBySlugQuery = defineQuery(`
  *[_type == "school" && slug.current == $slug] | order(_createdAt asc, _id asc)._id`);

/** Preview step 2, the draft lookup: does `drafts.<id>` exist? Run with perspective 'raw'. Params: { draftId }. */
export const draftLookupQuery = defineQuery(`
  *[_id == $draftId][0]._id`);

/**
 * The preview's editor home: every school document, published and draft, with its slug and
 * language, and the translation links (a translation is previewed at its English school's
 * address). Run with perspective 'raw' (drafts are separate documents there). No params.
 */
export const editorSchoolsQuery = defineQuery(`{
  "schools": *[_type == "school"] | order(_id asc) { _id, title, language, "slug": slug.current },
  "links": *[_type == "translation.metadata" && "school" in schemaTypes].translations[]{
    "lang": coalesce(language, _key), "ref": value._ref, "group": ^._id
  }
}`);

/**
 * The preview's change relay: documents by id, whole, to find what they reference. Run with
 * perspective 'raw' (drafts included). Params: { ids }.
 */
export const documentsByIdQuery = defineQuery(`*[_id in $ids]`);

/**
 * The preview's change relay: a school's translation links (translation.metadata documents) and
 * the schools they link, so an edit to the Spanish school reaches an open /es/ page live. Run with
 * perspective 'raw'. Params: { id } (the English school's published id).
 */
export const translationLinksQuery = defineQuery(`
  *[_type == "translation.metadata" && references($id)] | order(_id asc) { _id, "ids": translations[].value._ref }`);

/** The draft id for a published id. */
export const DRAFTS_PREFIX = 'drafts.';
export const draftIdOf = (id: string): string => (id.startsWith(DRAFTS_PREFIX) ? id : DRAFTS_PREFIX + id);
export const publishedIdOf = (id: string): string =>
  id.startsWith(DRAFTS_PREFIX) ? id.slice(DRAFTS_PREFIX.length) : id;

/**
 * Every document type the site reads, in one list: the export's incremental read compares the
 * revisions of these (and no others), and the publish webhook's filter (docs/deploying.md, the
 * workflow .github/workflows/export.yml) rebuilds the site on a publish of any of them. A type a
 * query starts to read joins here; test/unit/site-types.test.ts holds the queries, the webhook's
 * filter and the workflow to it.
 */
export const siteTypes = /* groq */ `["school", "quote", "video", "highlight", "accordion", "landingPage", "siteSettings", "vocabularyTerm", "translation.metadata"]`;
export const SITE_TYPES: readonly string[] = JSON.parse(siteTypes);

/**
 * Every published revision of the site's types. Sanity changes a document's `_rev` on every change
 * (the embedded service derives it from the content), so the export compares these with its
 * previous run's to fetch only schools whose expanded projection may have changed.
 */
export const revisionsQuery = defineQuery(`*[_type in ${siteTypes}]{ _id, _rev }`);

/**
 * How many `->` hops schoolFields follows from a school at most (school → quote → school title).
 * A school's page can change when a document this many hops away changes, so the export's
 * incremental fetch widens the changed ids by this many levels of referrers minus one
 * (test/unit/queries-depth.test.ts fails if schoolFields outgrows it).
 */
export const SCHOOL_REFERENCE_DEPTH = 2;

/** Documents of the site's types that reference any of the ids. Params: { ids }. */
export const referrersQuery = defineQuery(`*[_type in ${siteTypes} && references($ids)]._id`);

/**
 * When each English school was created: of two schools with one address, the one created first
 * keeps it (scripts/lib/validate-content.ts). Kept apart from schoolFields, which a page embeds.
 */
const schoolsCreated = /* groq */ `*[${englishSchoolFilter}]{ _id, _createdAt }`;

/**
 * The export's full read, in one snapshot: the revisions belong to exactly this content. Used when
 * the read in parts below found the content changing while it ran.
 */
export const exportContentQuery = defineQuery(`{
  "revs": ${revisionsQuery},
  "created": ${schoolsCreated},
  "site": ${siteDocuments},
  "nav": ${navigationSchoolsQuery},
  "landing": ${landingSchoolsQuery},
  "schools": ${allSchoolsQuery}
}`);

/**
 * The export's full read in parts, which a service evaluates side by side (the embedded one on its
 * two query workers: at 1000 schools one query took ~1.1 s of the service's time, the parts ~0.6 s):
 * first the revisions and the English school ids, then at once the navigation and landing rows and
 * the schools of each part of those ids. Every part repeats the revisions: the parts are one
 * snapshot only when all of them equal the first's (else exportContentQuery reads everything).
 */
export const exportIdsQuery = defineQuery(`{
  "revs": ${revisionsQuery},
  "ids": *[${englishSchoolFilter}] | order(_id asc)._id,
  "created": ${schoolsCreated}
}`);

/** The navigation and landing rows of the read in parts. */
export const exportListsQuery = defineQuery(`{
  "revs": ${revisionsQuery},
  "site": ${siteDocuments},
  "nav": ${navigationSchoolsQuery},
  "landing": ${landingSchoolsQuery}
}`);

/** One part's schools, expanded as allSchoolsQuery expands them. Params: { ids } (from exportIdsQuery). */
export const exportSchoolsQuery = defineQuery(`{
  "revs": ${revisionsQuery},
  "schools": *[${englishSchoolFilter} && _id in $ids] | order(_id asc) { ${schoolFields}, ${schoolTranslations} }
}`);

/**
 * The export's incremental read, given the ids of the changed documents and their referrers (a
 * changed translation reaches its English school through the translation.metadata that links them):
 * in one pass over those ids, their current revisions (to check nothing moved since they were
 * compared) and creation dates and, for listed schools, their navigation and landing rows (merged into the previous
 * rows; the mapping sorts them); and the schools that are or reference one of them, expanded. The
 * landing page and site settings (two small documents) are read every time: their words shape
 * pages no revision of a school shows. Params: { ids }.
 */
export const exportChangedQuery = defineQuery(`{
  "site": ${siteDocuments},
  "ids": *[_id in $ids]{
    _id, _rev, _createdAt,
    "nav": select(${listedSchoolFilter} => { ${navigationSchoolFields} }),
    "landing": select(${listedSchoolFilter} => { ${landingSchoolFields} })
  },
  "translated": *[${listedSchoolFilter} && _id in ${translatedSchoolIds}]{
    _id, "nav": { ${navigationSchoolFields} }, "landing": { ${landingSchoolFields} }
  },
  "schools": *[${englishSchoolFilter} && (_id in $ids || references($ids) || _id in ${translatedSchoolIds})]
    | order(_id asc) { ${schoolFields}, ${schoolTranslations} }
}`);
