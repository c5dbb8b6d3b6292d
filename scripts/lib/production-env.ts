// Imported first by the export CLI: React picks its development or production build from
// NODE_ENV when it is first loaded, and the development build (prop validation, key warnings,
// owner stacks) made the export's renderToString several times slower. The export ships the
// production markup anyway, so it renders with the production build unless a caller asked otherwise.
// Through a local: the dist build replaces `process.env.NODE_ENV` with "production" (bin/run.mjs),
// which is no assignment target; under tsx this is what selects React's build.
const env = process.env;
env.NODE_ENV ??= 'production';

export {};
