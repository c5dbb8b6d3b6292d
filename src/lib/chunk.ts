// Lazily loaded script chunks (spec 8/9): a chunk that does not arrive within 120 s, or fails to
// load at all, surfaces as one recognisable error instead of a promise that never settles or a
// browser-specific message.

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Runs `load` (a dynamic import) and settles with its module, or rejects with
 * Error(`Loading chunk ${id} failed`) when it throws or takes longer than `timeoutMs`.
 * The original failure is kept as `cause` for the console.
 */
export function loadChunk<T>(
  id: string,
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const fail = (cause: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`Loading chunk ${id} failed`, { cause }));
    };
    const timer = setTimeout(() => fail(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (err) {
      fail(err);
      return;
    }
    pending.then((mod) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(mod);
    }, fail);
  });
}
