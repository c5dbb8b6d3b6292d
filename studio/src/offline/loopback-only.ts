// Offline only: the Studio stays on this machine. Left alone it asks outside hosts on every load:
// a version check (sanity-cdn.com) and a feedback endpoint (api.sanity.io), which with no network
// fail after their own time-outs and log errors, and which with a network would tell Sanity that a
// Studio runs here. Requests the Studio's code makes to any host but loopback are refused at once,
// as a network failure, without leaving the page. (The page's own fonts and the dev bridge script
// are taken out of its HTML by sanity.cli.ts.)

const isLocal = (url: URL): boolean =>
  url.protocol === 'data:' ||
  url.protocol === 'blob:' ||
  url.hostname === 'localhost' ||
  url.hostname.endsWith('.localhost') ||
  url.hostname === '127.0.0.1' ||
  url.hostname === '[::1]';

function address(input: RequestInfo | URL): URL | null {
  try {
    return new URL(input instanceof Request ? input.url : String(input), window.location.href);
  } catch {
    return null;
  }
}

export function keepToLoopback(): void {
  if (typeof window === 'undefined') return;
  const fetch = window.fetch;
  window.fetch = (input, init) => {
    const url = address(input);
    if (url && !isLocal(url)) return Promise.reject(new TypeError(`The offline Studio does not ask ${url.hostname}`));
    return fetch.call(window, input, init);
  };
}
