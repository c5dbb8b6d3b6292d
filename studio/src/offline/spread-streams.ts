// Offline only (the embedded content service on loopback). The hosted API speaks HTTP/2, where
// the Studio's many listen streams share one connection; a plain-HTTP service gets HTTP/1.1,
// where a browser opens at most six connections to one host, and the Studio holds more than six
// streams open (documents, previews, translations): every later request, the document's own
// fetch included, would wait for ever. Each stream is sent to a host of its own under the
// service's `<project>.localhost` name (`s<n>.<project>.localhost` is loopback too), which the
// service answers like its own name; ordinary requests keep the six connections to themselves.
// The Studio's client reads authenticated streams with an EventSource polyfill built on fetch
// (XMLHttpRequest where fetch cannot stream), so the address is changed where those open.

const LISTEN = /\/data\/listen\//;
let next = 0;

/** A listen stream's own host; any other address unchanged. */
function spread(address: string): string {
  const url = new URL(address, window.location.href);
  if (!LISTEN.test(url.pathname) || !url.hostname.endsWith('.localhost')) return address;
  next = (next + 1) % 100;
  url.hostname = `s${next}.${url.hostname}`;
  return url.href;
}

export function spreadListenStreams(): void {
  if (typeof window === 'undefined') return;
  const fetch = window.fetch;
  window.fetch = (input, init) =>
    fetch.call(window, typeof input === 'string' || input instanceof URL ? spread(String(input)) : input, init);
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    ...args: [method: string, url: string | URL, async?: boolean, user?: string | null, password?: string | null]
  ): void {
    args[1] = spread(String(args[1]));
    Reflect.apply(open, this, args);
  } as typeof open;
}
