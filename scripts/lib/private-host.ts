// Whether a content service's URL names this machine or a private network. Images on such a host
// stop working for families the moment the service stops (or never reach them at all), so an
// export reading from one self-hosts its images like it does for the embedded service. The
// address ranges are ipaddr.js's (the one Fastify's proxy-addr uses), IPv4 inside IPv6 included.
import ipaddr from 'ipaddr.js';

/** The ranges that reach this machine or a network only it and its neighbours see. */
const LOCAL_RANGES = new Set(['unspecified', 'loopback', 'private', 'linkLocal', 'uniqueLocal']);

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
  const address = host.replace(/%.*$/, '');
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  // 0.0.0.0/8 is "this host", which reaches the local machine when dialled.
  if (parsed.kind() === 'ipv4' && parsed.match(ipaddr.IPv4.parseCIDR('0.0.0.0/8'))) return true;
  return LOCAL_RANGES.has(parsed.range());
}
