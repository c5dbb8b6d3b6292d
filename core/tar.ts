// A small, strict tar.gz reader and a deterministic writer, for `sanity dataset export` tarballs.
// Why not the `tar` package: a tarball handed over by a district is untrusted input that needs only
// a sliver of tar, regular files and folders, and node-tar skips what it does not extract with a
// warning (docs/dependencies.md). Everything else (symlinks, hard links, devices, absolute paths,
// `..`) is refused outright instead of being skipped, so a crafted archive fails loudly, and sizes
// are capped both compressed (gunzip's maxOutputLength) and per entry.
import { gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

export interface TarLimits {
  /** Total bytes after gunzip (default 2 GiB: the largest Buffer Node 20 allows on 64-bit is far above). */
  maxTotalBytes?: number;
  /** Largest single file (default 512 MiB). */
  maxEntryBytes?: number;
  /** Most entries (default 200 000). */
  maxEntries?: number;
}

export interface TarEntry {
  path: string;
  type: 'file' | 'dir';
  data: Buffer;
}

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

const BLOCK = 512;

const text = (b: Buffer, start: number, len: number): string => {
  const s = b.subarray(start, start + len);
  const nul = s.indexOf(0);
  return s.subarray(0, nul < 0 ? len : nul).toString('utf8');
};

function octal(b: Buffer, start: number, len: number, what: string): number {
  // Base-256 (GNU) numbers start with 0x80; no real export needs them for sizes under 8 GiB.
  if ((b[start]! & 0x80) !== 0) throw new TarError(`tar: base-256 ${what} is not supported`);
  const s = text(b, start, len).trim();
  if (s === '') return 0;
  if (!/^[0-7]+$/.test(s)) throw new TarError(`tar: bad ${what} field "${s}"`);
  return parseInt(s, 8);
}

/** Paths in PAX extended headers: `<len> path=<value>\n` records. */
function paxPath(data: Buffer): string | null {
  let at = 0;
  let path: string | null = null;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const len = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(len) || len <= 0 || at + len > data.length) throw new TarError('tar: malformed PAX header');
    const record = data.subarray(space + 1, at + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0 && record.slice(0, eq) === 'path') path = record.slice(eq + 1);
    at += len;
  }
  return path;
}

/** A relative path with no `..`, no absolute root, no NUL or backslash; folders lose their trailing slash. */
export function safeEntryPath(raw: string): string {
  const p = raw.replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (p === '' || p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.includes('\0') || p.includes('\\')) {
    throw new TarError(`tar: refusing entry path "${raw}"`);
  }
  const parts = p.split('/');
  if (parts.some((s) => s === '..' || s === '')) throw new TarError(`tar: refusing entry path "${raw}"`);
  return parts.filter((s) => s !== '.').join('/');
}

/** Parses a .tar.gz held in memory; throws TarError on anything but plain files and folders. */
export function readTarGz(gz: Buffer, limits: TarLimits = {}): TarEntry[] {
  const maxTotal = limits.maxTotalBytes ?? 2 * 1024 ** 3;
  const maxEntry = limits.maxEntryBytes ?? 512 * 1024 ** 2;
  const maxEntries = limits.maxEntries ?? 200_000;
  let tar: Buffer;
  try {
    tar = gunzipSync(gz, { maxOutputLength: maxTotal });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new TarError(`tar: more than ${maxTotal} bytes once decompressed`);
    throw new TarError(`tar: not a gzip file (${(err as Error).message})`);
  }
  const entries: TarEntry[] = [];
  const seen = new Set<string>();
  let longName: string | null = null;
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((x) => x === 0)) break; // end of archive
    const sum = octal(h, 148, 8, 'checksum');
    let computed = 0;
    for (let i = 0; i < BLOCK; i++) computed += i >= 148 && i < 156 ? 0x20 : h[i]!;
    if (sum !== computed) throw new TarError(`tar: bad header checksum at byte ${at}`);
    const size = octal(h, 124, 12, 'size');
    const type = String.fromCharCode(h[156]!);
    const dataStart = at + BLOCK;
    const dataEnd = dataStart + size;
    if (dataEnd > tar.length) throw new TarError('tar: truncated archive');
    const data = tar.subarray(dataStart, dataEnd);
    at = dataStart + Math.ceil(size / BLOCK) * BLOCK;

    if (type === 'x' || type === 'L') {
      if (size > 1024 * 1024) throw new TarError('tar: oversized extended header');
      longName = type === 'x' ? paxPath(data) : text(data, 0, data.length);
      continue;
    }
    if (type === 'g') continue; // global PAX header: nothing we need
    const prefix = h.subarray(257, 263).toString('latin1').startsWith('ustar') ? text(h, 345, 155) : '';
    const rawName = longName ?? (prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100));
    longName = null;
    const kind = type === '0' || type === '\0' || type === '7' ? 'file' : type === '5' ? 'dir' : null;
    if (!kind)
      throw new TarError(`tar: refusing "${rawName}": entry type "${type}" (only files and folders are allowed)`);
    if (size > maxEntry) throw new TarError(`tar: "${rawName}" is larger than ${maxEntry} bytes`);
    const path = safeEntryPath(rawName);
    if (seen.has(path)) throw new TarError(`tar: "${path}" appears twice`);
    seen.add(path);
    if (entries.length >= maxEntries) throw new TarError(`tar: more than ${maxEntries} entries`);
    entries.push({ path, type: kind, data: kind === 'file' ? data : Buffer.alloc(0) });
  }
  return entries;
}

/** Writes entries under root, re-checking that every path stays inside it. */
export function writeEntries(entries: TarEntry[], root: string): void {
  const base = resolve(root);
  mkdirSync(base, { recursive: true });
  for (const e of entries) {
    const target = resolve(join(base, e.path));
    if (!target.startsWith(base + sep)) throw new TarError(`tar: "${e.path}" leaves the extraction folder`);
    if (e.type === 'dir') {
      mkdirSync(target, { recursive: true });
      continue;
    }
    mkdirSync(resolve(target, '..'), { recursive: true });
    // wx: never follow or replace something already there (e.g. a symlink planted earlier).
    writeFileSync(target, e.data, { flag: 'wx', mode: 0o644 });
  }
}

function header(name: string, size: number, type: '0' | '5', mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100)
      throw new TarError(`tar: path too long: ${name}`);
  }
  const put = (s: string, start: number, len: number): void => void h.write(s, start, len, 'utf8');
  const num = (n: number, start: number, len: number): void =>
    put(`${n.toString(8).padStart(len - 1, '0')}\0`, start, len);
  put(base, 0, 100);
  num(type === '5' ? 0o755 : 0o644, 100, 8);
  num(0, 108, 8);
  num(0, 116, 8);
  num(size, 124, 12);
  num(mtime, 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const x of h) sum += x;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

/**
 * A gzipped ustar archive of the entries in the given order, with fixed modes, owners and mtime,
 * so the same input gives the same bytes (gzip's own header carries no time when written by zlib).
 */
export function writeTarGz(entries: TarEntry[], mtime: Date): Buffer {
  const secs = Math.floor(mtime.getTime() / 1000);
  const parts: Buffer[] = [];
  for (const e of entries) {
    const name = e.type === 'dir' ? `${e.path}/` : e.path;
    parts.push(header(name, e.type === 'dir' ? 0 : e.data.length, e.type === 'dir' ? '5' : '0', secs));
    if (e.type === 'file') {
      parts.push(e.data);
      const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
      if (pad) parts.push(Buffer.alloc(pad));
    }
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts), { level: 9 });
}
