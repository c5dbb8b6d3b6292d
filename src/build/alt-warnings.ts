// Which images an editor left without alternative text: the export reports each one, naming the
// document and the field, so the editor can fix it in the Studio. An image marked decorative, or a
// slot without a picture, needs none. The page still renders: such an image gets the site's own
// description (the school's name, say) or alt="".
import type { SiteDocuments } from '../lib/content/editions.ts';
import type { Warning } from '../lib/warn.ts';

type Doc = Record<string, unknown>;

const obj = (v: unknown): Doc | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : null);
const arr = (v: unknown): Doc[] => (Array.isArray(v) ? v.map(obj).filter((d): d is Doc => d !== null) : []);
const keyed = (d: Doc, i: number): string =>
  typeof d._key === 'string' ? `[_key==${JSON.stringify(d._key)}]` : `[${i}]`;

/** True when the image has a picture, is not decorative, and has no alt text. */
export function lacksAlt(v: unknown): boolean {
  const img = obj(v);
  if (!img || !obj(img.asset) || img.decorative === true) return false;
  return typeof img.alt !== 'string' || img.alt.trim() === '';
}

const note = (type: string, id: unknown, field: string): Warning => {
  const document = typeof id === 'string' ? id : '(no _id)';
  return {
    kind: 'missing-alt',
    type,
    document,
    field,
    message: `${type} ${JSON.stringify(document)}: field ${field}: no alternative text (alt), and not marked decorative`,
  };
};

const SCHOOL_IMAGES = ['logo', 'image', 'mainImage', 'tourImage', 'seoImage'] as const;

/** The images between paragraphs of a rich-text value, with their place in it. */
const richTextImages = (value: unknown): [string, Doc][] =>
  arr(value).flatMap((node, i): [string, Doc][] =>
    node._type === 'image' || node._type === 'photo' ? [[keyed(node, i), node]] : [],
  );

/** Every image of a school's page without alt text, as warnings (highlights name their own document). */
export function altNotes(school: Doc | { _id?: unknown }): Warning[] {
  const s = school as Doc;
  const notes: Warning[] = [];
  for (const field of SCHOOL_IMAGES) if (lacksAlt(s[field])) notes.push(note('school', s._id, field));
  for (const [k, img] of richTextImages(s.tourDescription))
    if (lacksAlt(img)) notes.push(note('school', s._id, `tourDescription${k}`));
  arr(s.sectionRepeater).forEach((section, i) => {
    arr(section.blocks).forEach((block, j) => {
      const at = `sectionRepeater${keyed(section, i)}.blocks${keyed(block, j)}`;
      if ((block._type === 'photo' || block._type === 'image') && lacksAlt(block))
        notes.push(note('school', s._id, at));
      for (const [k, img] of richTextImages(block.body))
        if (lacksAlt(img)) notes.push(note('school', s._id, `${at}.body${k}`));
      arr(block.photoReel).forEach((p, k) => {
        if (lacksAlt(p)) notes.push(note('school', s._id, `${at}.photoReel${keyed(p, k)}`));
      });
      if (lacksAlt(block.backgroundImage)) notes.push(note('school', s._id, `${at}.backgroundImage`));
      for (const h of arr(block.highlights)) if (lacksAlt(h.image)) notes.push(note('highlight', h._id, 'image'));
    });
  });
  // A highlight shown by several sections is named once.
  return [...new Map(notes.map((n) => [n.message, n])).values()];
}

/** The landing page's and site settings' images without alt text, in every language. */
export function siteAltNotes(site: SiteDocuments): Warning[] {
  const notes: Warning[] = [];
  const each = (raw: unknown, type: string, check: (d: Doc) => [string, unknown][]) => {
    const english = obj(raw);
    if (!english) return;
    const docs = [
      english,
      ...arr(english.translations)
        .map((t) => obj(t.doc))
        .filter((d): d is Doc => !!d),
    ];
    for (const d of docs) for (const [field, v] of check(d)) if (lacksAlt(v)) notes.push(note(type, d._id, field));
  };
  each(site.landing, 'landingPage', (d) => [
    ['testimonial.poster', obj(d.testimonial)?.poster],
    ['heroPoster', d.heroPoster],
  ]);
  each(site.settings, 'siteSettings', (d) => [['logo', d.logo]]);
  return notes;
}
