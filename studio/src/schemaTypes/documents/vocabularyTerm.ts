// One word of the district's shared vocabulary: a support program ("Special education (IEP)"), an
// admission priority ("Siblings of current students") or a result measure ("Math proficiency"),
// with a title per language. Schools choose terms by reference, so every page, filter, comparison,
// facts file and spreadsheet names the term in the page's language, and a filter address names it
// by its key in every edition (src/lib/facts/vocabulary.ts). The titles are fields of one document, not
// translations of it: a term is one thing in every language, and the filter keys must not diverge.
import { defineField, defineType, getPublishedId, type ValidationContext } from 'sanity';
import { TagIcon } from '@sanity/icons';
import { TERM_KEY, TERM_KEY_MAX } from '../../../../src/lib/facts/vocabulary.ts';
import { DEFAULT_SITE_LANGUAGES } from '../../../../src/lib/content/site-languages.ts';

export const TERM_KIND_OPTIONS = [
  { value: 'support', title: 'Support program' },
  { value: 'priority', title: 'Admission priority' },
  { value: 'measure', title: 'Result measure' },
];

/** Another term of the same kind with this key (published or draft), other than this one. */
async function keyTaken(key: string, context: ValidationContext): Promise<boolean> {
  const id = context.document?._id;
  const kind = (context.document as { kind?: unknown } | undefined)?.kind;
  if (typeof id !== 'string' || typeof kind !== 'string') return false;
  const count = await context
    .getClient({ apiVersion: '2025-02-19' })
    .withConfig({ perspective: 'raw' })
    .fetch<number>(
      'count(*[_type == "vocabularyTerm" && kind == $kind && key == $key && !sanity::versionOf($published)])',
      { kind, key, published: getPublishedId(id) },
      { tag: 'validation.vocabulary-key' },
    );
  return count > 0;
}

export const vocabularyTerm = defineType({
  name: 'vocabularyTerm',
  title: 'Vocabulary term',
  type: 'document',
  icon: TagIcon,
  fields: [
    defineField({
      name: 'kind',
      type: 'string',
      title: 'Kind',
      description:
        'What the term names. Schools choose support programs, admission priorities and result measures from these.',
      options: { list: TERM_KIND_OPTIONS, layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'key',
      type: 'string',
      title: 'Key',
      description:
        'A short name for the address of a filtered list, the same in every language: lower-case letters, digits and "-", e.g. "iep" or "dual-language". Changing it breaks shared links to a filtered list.',
      validation: (rule) =>
        rule.required().custom(async (value, context) => {
          if (typeof value !== 'string') return true;
          if (!TERM_KEY.test(value) || value.length > TERM_KEY_MAX)
            return `Use lower-case letters, digits and "-" (at most ${TERM_KEY_MAX}), e.g. dual-language`;
          return (await keyTaken(value, context)) ? 'Another term of this kind has this key; choose another' : true;
        }),
    }),
    defineField({
      name: 'title',
      type: 'object',
      title: 'Title',
      description: 'How families read the term, in each language.',
      // Fields of the schema, so English and Spanish: a term in another of the district's languages
      // shows its English title.
      fields: DEFAULT_SITE_LANGUAGES.map((lang, i) =>
        defineField({
          name: lang.id,
          type: 'string',
          title: lang.title,
          validation: (rule) =>
            i === 0
              ? rule.required()
              : rule
                  .custom((v) =>
                    typeof v === 'string' && v.trim()
                      ? true
                      : `Without a title in ${lang.title} these pages show the English one`,
                  )
                  .warning(),
        }),
      ),
      validation: (rule) => rule.required(),
    }),
  ],
  orderings: [{ title: 'Title', name: 'titleAsc', by: [{ field: 'title.en', direction: 'asc' }] }],
  preview: {
    select: { title: 'title.en', kind: 'kind', key: 'key' },
    prepare: ({ title, kind, key }: { title?: string; kind?: string; key?: string }) => ({
      title: title ?? key ?? 'Untitled term',
      subtitle: [TERM_KIND_OPTIONS.find((k) => k.value === kind)?.title, key].filter(Boolean).join(' · '),
    }),
  },
});
