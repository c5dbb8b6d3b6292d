// The Studio editors use to write the guide's content: the content model's schema types, a desk
// that opens on Schools and lists every translated type by language, translations made with
// @sanity/document-internationalization, and the Presentation tool showing the preview server
// (npm run preview) in an iframe. Project and dataset come from the environment (see env.ts); the
// preview's address from SANITY_STUDIO_PREVIEW_URL (default the preview's local address); the API's
// from SANITY_STUDIO_API_HOST (offline: scripts/offline.ts).
import { defineConfig, defineLocaleResourceBundle, type Template } from 'sanity';
import { structureLocaleNamespace, structureTool } from 'sanity/structure';
import { presentationTool } from 'sanity/presentation';
import { documentInternationalization } from '@sanity/document-internationalization';
import { schemaTypes } from './src/schemaTypes/index.ts';
import { TRANSLATED_TYPES } from './src/schemaTypes/objects/language.ts';
import { siteLanguages } from './src/languages.ts';
import { structure } from './src/structure/index.ts';
import { TERM_KIND_OPTIONS } from './src/schemaTypes/documents/vocabularyTerm.ts';
import { resolve } from './src/presentation/resolve.ts';
import { studioApiHost, studioEnv, studioPreviewUrl } from './env.ts';
import { spreadListenStreams } from './src/offline/spread-streams.ts';
import { keepToLoopback } from './src/offline/loopback-only.ts';

const { projectId, dataset } = studioEnv();

/**
 * Documents an editor creates from nothing start in English, with their language set (the
 * plugin's `<type>-en` template, under the type's own name); a translation is made from its
 * English document's menu, so it is linked; the landing page and the site settings exist once
 * per language, so they are never created from the menu.
 */
/** A vocabulary term starts as the kind of the list it is made in (studio/src/structure/index.ts). */
const TERM_TEMPLATES: Template[] = TERM_KIND_OPTIONS.map((kind) => ({
  id: `vocabularyTerm-${kind.value}`,
  title: kind.title,
  schemaType: 'vocabularyTerm',
  value: { kind: kind.value },
}));

/**
 * A translated type's English document, made from nothing: `<type>-en`, with its language set. The
 * plugin makes such templates only for a fixed list of languages; ours come from the dataset.
 */
const ENGLISH_TEMPLATES: Template[] = TRANSLATED_TYPES.map((type) => ({
  id: `${type}-en`,
  title: schemaTypes.find((s) => s.name === type)?.title ?? type,
  schemaType: type,
  value: { language: 'en' },
}));

const CREATABLE = new Set([
  ...TRANSLATED_TYPES.filter((t) => t !== 'landingPage' && t !== 'siteSettings').map((t) => `${t}-en`),
  ...TERM_TEMPLATES.map((t) => t.id),
]);

function creatableTemplates(prev: Template[]): Template[] {
  return [...prev, ...ENGLISH_TEMPLATES, ...TERM_TEMPLATES];
}
// Set by `npm run studio -- --content DIR`: the embedded content service instead of sanity.io, and
// the local editor's token (from the address's #token=) as the only login.
const apiHost = studioApiHost();
/**
 * Offline, the Studio keeps to what the embedded service answers: the hosted-only features
 * (tasks, comments, releases, scheduling, announcements) are off. Each would also hold a listen
 * stream open, and a browser gives one plain-HTTP host six connections: past six streams the
 * document's own requests would wait for ever.
 */
if (apiHost) {
  keepToLoopback();
  spreadListenStreams();
}
const offline = apiHost
  ? {
      apiHost,
      auth: { loginMethod: 'token' as const },
      tasks: { enabled: false },
      releases: { enabled: false },
      scheduledDrafts: { enabled: false },
      scheduledPublishing: { enabled: false },
      announcements: { enabled: false },
      document: { comments: { enabled: false } },
      // The service keeps no history, so nothing discarded can be recovered from it.
      i18n: {
        bundles: [
          defineLocaleResourceBundle({
            locale: 'en-US',
            namespace: structureLocaleNamespace,
            resources: {
              'panes.document-operation-results.operation-success_discardChanges':
                'All changes have been discarded. This local Studio keeps no history: the discarded draft cannot be recovered.',
            },
          }),
        ],
      },
    }
  : {};

export default defineConfig({
  name: 'default',
  title: 'Middle-school guide',
  projectId,
  dataset,
  ...offline,
  plugins: [
    structureTool({ structure }),
    presentationTool({
      resolve,
      previewUrl: {
        origin: studioPreviewUrl(),
        // The preview server's handshake (server/plugins/gate.ts): the Studio writes a one-time
        // secret into the dataset and opens this path with it; no preview link to paste.
        previewMode: { enable: '/api/draft-mode/enable' },
      },
    }),
    documentInternationalization({
      // From the dataset (studio/src/languages.ts): a language added to the site settings is offered.
      supportedLanguages: (client) => siteLanguages(client),
      schemaTypes: [...TRANSLATED_TYPES],
      languageField: 'language',
    }),
  ],
  schema: {
    // The plugin brings its own translation.metadata type (the same shape as ours).
    types: schemaTypes.filter((t) => t.name !== 'translation.metadata'),
    templates: creatableTemplates,
  },
  document: {
    // The global "+" menu offers only what an editor may create from nothing.
    newDocumentOptions: (prev, { creationContext }) =>
      creationContext.type === 'global' ? prev.filter((item) => CREATABLE.has(item.templateId)) : prev,
  },
});
