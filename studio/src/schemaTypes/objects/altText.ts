// Alternative text for every image field: what a screen reader says instead of the picture. An
// editor writes it in each language (a translation's image carries its own `alt`), or marks the
// image decorative, which the site renders with alt="" so screen readers skip it. The export
// warns, naming the document and field, when neither is set (src/build/alt-warnings.ts). Content
// published before alt text was asked for is flagged, not blocked: a district's older pictures
// would otherwise stop every one-field edit from publishing.
import { defineField, type ImageRule, type ValidationContext } from 'sanity';

interface AltImage {
  asset?: unknown;
  alt?: unknown;
  decorative?: unknown;
}

/** The image's own fields: its alternative text and the decorative switch. */
export const altFields = [
  defineField({
    name: 'alt',
    type: 'string',
    title: 'Alternative text',
    description:
      'What the picture shows, for people who cannot see it, e.g. "Students building a robot in the science lab". Not "image of…". Write it in the document\'s language.',
    hidden: ({ parent }) => (parent as AltImage | undefined)?.decorative === true,
  }),
  defineField({
    name: 'decorative',
    type: 'boolean',
    title: 'Decorative only',
    description: 'Turn on when the picture adds nothing to the words around it: screen readers then skip it.',
    // No initial value: one would make every image field of a new document an object with no
    // picture ({ decorative: false }), which the dataset then carries for every empty slot.
  }),
];

/** A path as the validation context gives it: field names, `{ _key }` and indexes. */
type PathSegment = string | number | { _key: string } | [number, number];

/** The value at `path` in a document, or undefined. */
function valueAt(doc: unknown, path: readonly PathSegment[]): unknown {
  let at: unknown = doc;
  for (const seg of path) {
    if (at === null || typeof at !== 'object') return undefined;
    if (typeof seg === 'string') at = (at as Record<string, unknown>)[seg];
    else if (typeof seg === 'number') at = Array.isArray(at) ? at[seg] : undefined;
    else if (!Array.isArray(seg) && Array.isArray(at))
      at = at.find((item) => (item as { _key?: unknown } | null)?._key === seg._key);
    else return undefined;
  }
  return at;
}

const assetRef = (img: unknown): unknown => (img as { asset?: { _ref?: unknown } } | undefined)?.asset?._ref;

/** Published documents, read once per validation pass (every image field asks for the same one). */
const published = new Map<string, { at: number; doc: Promise<unknown> }>();
const PUBLISHED_TTL_MS = 2000;

function publishedVersion(context: ValidationContext): Promise<unknown> {
  const id = (context.document?._id ?? '').replace(/^drafts\./, '');
  if (!id) return Promise.resolve(null);
  const hit = published.get(id);
  if (hit && Date.now() - hit.at < PUBLISHED_TTL_MS) return hit.doc;
  const doc = context
    .getClient({ apiVersion: '2025-02-19' })
    .fetch('*[_id == $id][0]', { id }, { perspective: 'raw' })
    .catch(() => null);
  if (published.size > 200) published.clear();
  published.set(id, { at: Date.now(), doc });
  return doc;
}

/**
 * Whether a picture without alternative text was already published there, as it is: content
 * from before alt text was asked for, which may be fixed later, not one an editor just chose.
 */
async function predatesRule(img: AltImage, context: ValidationContext): Promise<boolean> {
  const before = valueAt(await publishedVersion(context), (context.path ?? []) as PathSegment[]) as
    | AltImage
    | undefined;
  return before !== undefined && assetRef(before) === assetRef(img) && !hasAlt(before);
}

const hasAlt = (img: AltImage): boolean =>
  img.decorative === true || (typeof img.alt === 'string' && img.alt.trim() !== '');

const ALT_NEEDED = 'Write alternative text, or mark the image decorative';
const ALT_LATER = 'No alternative text yet: write it when you can, or mark the image decorative';

/**
 * Alternative text unless the image is decorative; an empty image slot needs none. A new or
 * changed picture needs it to publish (error); one the published document already had without
 * it, from older content, is flagged (warning) so a one-field edit still publishes.
 */
export const altRule = (rule: ImageRule) => [
  rule.custom(async (value, context) => {
    const img = value as AltImage | undefined;
    if (!img?.asset || hasAlt(img) || (await predatesRule(img, context))) return true;
    return { message: ALT_NEEDED, path: ['alt'] };
  }),
  rule
    .custom(async (value, context) => {
      const img = value as AltImage | undefined;
      if (!img?.asset || hasAlt(img) || !(await predatesRule(img, context))) return true;
      return { message: ALT_LATER, path: ['alt'] };
    })
    .warning(),
];

/** An image field with hotspot, alt text and its rule. */
export const imageWithAlt = (name: string, title: string, description: string, group?: string) =>
  defineField({
    name,
    type: 'image',
    title,
    description,
    ...(group ? { group } : {}),
    options: { hotspot: true },
    fields: altFields,
    validation: altRule,
  });
