// Whether a content service's URL names this machine or a private network. Images on such a host
// stop working for families the moment the service stops (or never reach them at all), so an
// export reading from one self-hosts its images like it does for the embedded service.
import { isIP } from 'node:net';

/** IPv4 private, loopback, link-local and "this network" ranges, as [network as a number, prefix bits]. */
const V4_RANGES: readonly [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8: "this host", which reaches the local machine when dialled
  [0x0a000000, 8], // 10/8
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16 link-local
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
];

function v4Private(ip: string): boolean {
  const n = ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
  return V4_RANGES.some(([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)));
}

/** The 8 groups of an IPv6 address as numbers (handles :: and an embedded IPv4 tail). */
function v6Groups(ip: string): number[] {
  let s = ip;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const o = tail[1]!.split('.').map(Number);
    s = s.slice(0, -tail[1]!.length) + `${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const [head, rest] = s.includes('::') ? (s.split('::') as [string, string]) : [s, null];
  const h = head ? head.split(':') : [];
  const r = rest ? rest.split(':') : [];
  const zeros = rest === null ? [] : Array<string>(8 - h.length - r.length).fill('0');
  return [...h, ...zeros, ...r].map((g) => parseInt(g, 16));
}

function v6Private(ip: string): boolean {
  const g = v6Groups(ip);
  if (g.slice(0, 7).every((x) => x === 0) && (g[7] === 1 || g[7] === 0)) return true; // ::1, ::
  if ((g[0]! & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g[0]! & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  // ::ffff:a.b.c.d — an IPv4 address in IPv6 clothing is judged as the IPv4 address.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return v4Private(`${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`);
  }
  return false;
}

/** True when `url`'s host is localhost, a loopback, private-range or link-local address. */
export function isPrivateHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v = isIP(host.replace(/%.*$/, ''));
  if (v === 4) return v4Private(host);
  if (v === 6) return v6Private(host.replace(/%.*$/, ''));
  return false;
}
