// Imported first by the bench harness: the render floor and the Lighthouse/Chromium parts must see
// the same React build the export ships (production), whatever NODE_ENV the shell had.
process.env.NODE_ENV ??= 'production';

export {};
