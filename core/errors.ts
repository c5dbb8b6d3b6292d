// The Node side's name for the one bad-input error. The class itself lives in src/lib because the
// browser-safe config reader throws it and src/ may not import core/; re-exporting keeps one class,
// so `instanceof InputError` holds wherever it was thrown.
export { InputError } from '../src/lib/input-error.ts';
