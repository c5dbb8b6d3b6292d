// The only module that reads secrets (the content read token and the preview secret) from the
// environment. It lives under server/ because src/ ends up in the browser: nothing in src/ may
// import it, and a unit test checks that.
import { InputError } from './errors.ts';

export interface Secrets {
  /** Read token for drafts and listen on the hosted project; null when not configured. */
  readToken: string | null;
  /** Shared secret that opens the editors' preview; null when not configured. */
  previewSecret: string | null;
}

function readSecret(env: Record<string, string | undefined>, name: string): string | null {
  const raw = env[name];
  if (raw === undefined) return null;
  const value = raw.trim();
  if (value === '') return null;
  // A secret with inner whitespace is almost always a copy-paste accident (two values, a line break).
  if (/\s/.test(value)) throw new InputError('contains whitespace; paste the value exactly as issued', name);
  return value;
}

/** Reads the secrets from an environment map. Error messages name the variable, never the value. */
export function readSecrets(env: Record<string, string | undefined>): Secrets {
  return {
    readToken: readSecret(env, 'SANITY_API_READ_TOKEN'),
    previewSecret: readSecret(env, 'PREVIEW_SECRET'),
  };
}
