// Alternative text for every image field: what a screen reader says instead of the picture. An
// editor writes it in each language (a translation's image carries its own `alt`), or marks the
// image decorative, which the site renders with alt="" so screen readers skip it. The export
// warns, naming the document and field, when neither is set (src/lib/alt-warnings.ts).
import { defineField, type ImageRule } from 'sanity';

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
    initialValue: false,
  }),
];

/** Required alt text unless the image is decorative; an empty image slot needs none. */
export const altRule = (rule: ImageRule) =>
  rule.custom((value) => {
    const img = value as AltImage | undefined;
    if (!img?.asset || img.decorative === true) return true;
    return typeof img.alt === 'string' && img.alt.trim() !== ''
      ? true
      : { message: 'Write alternative text, or mark the image decorative', path: ['alt'] };
  });

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
