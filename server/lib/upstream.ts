// Turns failures of the content service into HTTP answers an editor's browser can act on: an
// unreachable service is 503, a bad answer from it 502, both with a clear JSON message.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly publicMessage: string,
    readonly detail?: string,
  ) {
    super(detail ? `${publicMessage}: ${detail}` : publicMessage);
    this.name = 'HttpError';
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

function codeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Wraps any error thrown while talking to the content service. */
export function upstreamError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const status = (err as { statusCode?: unknown })?.statusCode;
  const code = codeOf(err);
  if (typeof status === 'number') {
    const reason =
      status === 401 || status === 403
        ? 'the content service refused the preview credentials'
        : `the content service answered ${status}`;
    return new HttpError(502, 'content service unavailable', reason);
  }
  if (code && UNREACHABLE.has(code))
    return new HttpError(503, 'content service unavailable', `cannot reach the content service (${code})`);
  if ((err as Error)?.name === 'TimeoutError' || /timed? ?out/i.test(String((err as Error)?.message))) {
    return new HttpError(503, 'content service unavailable', 'the content service did not answer in time');
  }
  return new HttpError(502, 'content service unavailable', 'unexpected answer from the content service');
}
