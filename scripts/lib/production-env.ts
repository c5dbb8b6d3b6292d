// Imported first by the export CLI: React picks its development or production build from
// NODE_ENV when it is first loaded, and the development build (prop validation, key warnings,
// owner stacks) made the export's renderToString several times slower. The export ships the
// production markup anyway, so it renders with the production build unless a caller asked otherwise.
process.env.NODE_ENV ??= 'production';

export {};
