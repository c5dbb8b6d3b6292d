// The preview API's request schemas (TypeBox, checked by Fastify's ajv before a handler runs and
// typing req.query/req.params through the TypeBox type provider). Slugs and ids keep their
// handler checks (src/lib/slug.ts, lib/validate.ts): those rules are shared with the export and
// name the problem in their messages; the schema only guarantees a single string arrived.
import Type from 'typebox';

/** perspective=drafts shows unpublished edits; absent means published. Repeated values are a 400. */
export const PerspectiveQuery = Type.Object({
  perspective: Type.Optional(Type.Enum(['published', 'drafts'])),
});

/** The edition whose words are asked for (the site's languages). */
export const SiteQuery = Type.Object({
  perspective: Type.Optional(Type.Enum(['published', 'drafts'])),
  lang: Type.Optional(Type.Enum(['en', 'es'])),
});

export const SlugParams = Type.Object({ slug: Type.String() });

export const IdParams = Type.Object({ id: Type.String() });

/** One school's changes (`id`), or every school's (`scope=schools`: the menus and the landing grid). */
export const EventsQuery = Type.Object({
  id: Type.Optional(Type.String()),
  scope: Type.Optional(Type.Literal('schools')),
});

/**
 * The page shell's parameters: live preview, and the Studio's perspective (turned into the former);
 * anything else (secret, utm_*) passes through untouched.
 */
export const PageQuery = Type.Object({
  livepreview: Type.Optional(Type.String()),
  'sanity-preview-perspective': Type.Optional(Type.String()),
});
