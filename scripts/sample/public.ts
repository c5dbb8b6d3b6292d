// Static site media for public/: the district logo and favicon (hand-drawn SVG), the PDF guide
// (PDF objects written by hand with a standard font, so no PDF library is needed), and the
// landing hero's looping background video plus its poster.
//
// How the hero video is made: 240 frames (10 s at 24 fps) of a layered SVG landscape are rendered
// by sharp to raw RGB; every moving layer is periodic and travels exactly one of its periods per loop, so
// the last frame flows into the first. ffmpeg (Debian package, `apt-get install -y ffmpeg`) encodes
// them to H.264/MP4 and VP9/WebM with bit-exact flags. Without ffmpeg the committed files are kept.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DISTRICT, SCHOOLS } from './schools.ts';

export const BRAND_RED = '#862633';

const MARK = `<rect width="48" height="48" rx="10" fill="${BRAND_RED}"/>
  <path d="M24 7 L34 21 H29.5 L37 31 H11 L18.5 21 H14 Z" fill="#ffffff"/>
  <rect x="22" y="31" width="4" height="6" fill="#ffffff"/>
  <path d="M6 40 Q15 34 24 39 T42 38 V42 H6 Z" fill="#f3d3d8"/>`;

/** The district logo, 200x48 as the navigation expects: mark plus wordmark in a generic font. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48" role="img" aria-label="${DISTRICT.name}">
  <title>${DISTRICT.name}</title>
  ${MARK}
  <text x="56" y="22" font-family="Helvetica, Arial, sans-serif" font-size="17" font-weight="700" fill="#2b2b2b">Cedar Valley</text>
  <text x="56" y="40" font-family="Helvetica, Arial, sans-serif" font-size="12.5" letter-spacing="0.6" fill="${BRAND_RED}">PUBLIC SCHOOLS</text>
</svg>
`;
}

export function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
  ${MARK}
</svg>
`;
}

// ---------------------------------------------------------------- PDF guide

/** WinAnsiEncoding bytes for the typographic characters the copy uses; anything else non-ASCII becomes '?'. */
const WIN_ANSI: Record<string, string> = {
  '\u2019': '\x92',
  '\u2018': '\x91',
  '\u201c': '\x93',
  '\u201d': '\x94',
  '\u2013': '\x96',
  '\u2014': '\x97',
  '\u00b7': '\xb7',
  '\u00f3': '\xf3',
};
const pdfText = (s: string): string =>
  s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => WIN_ANSI[c] ?? '?');

/** Lays out paragraphs as Helvetica text lines on US Letter pages, wrapping at a character budget. */
function pageStreams(): string[] {
  type Line = { text: string; size: number; bold?: boolean; gap?: number };
  const lines: Line[] = [];
  const para = (text: string, size = 11, bold = false, gap = 4) => {
    const max = Math.floor(95 * (11 / size));
    let cur = '';
    for (const word of text.split(' ')) {
      if ((cur + ' ' + word).trim().length > max) {
        lines.push({ text: cur, size, bold });
        cur = word;
      } else cur = (cur + ' ' + word).trim();
    }
    lines.push({ text: cur, size, bold, gap });
  };
  para('Guide to Middle School Options, 2026-27', 20, true, 6);
  para(`${DISTRICT.name}`, 13, true, 14);
  para(
    "Step into a world of possibility. Every family in Cedar Valley may choose among the district's neighborhood middle schools, magnet programs and public charter schools. This guide summarizes each option and the steps to enroll.",
    11,
    false,
    12,
  );
  para('How to choose', 14, true, 6);
  para(
    '1. Visit schools. Most schools offer tours from October through February; dates are listed on each school page.',
    11,
    false,
    2,
  );
  para(
    '2. Submit the common enrollment form between January 6 and February 14. You may rank up to five schools.',
    11,
    false,
    2,
  );
  para('3. Receive your placement by email in late March and accept your seat within 10 days.', 11, false, 12);
  para('Schools at a glance', 14, true, 6);
  for (const s of SCHOOLS.filter((x) => !x.title.includes('Innovation Center'))) {
    para(`${s.title}${s.isCharter ? ' (public charter)' : ''}`, 11.5, true, 1);
    para(`${s.address.replace('\n', ', ')}. ${s.seoDescription}`, 10, false, 8);
  }
  para('Enrichment for every student', 14, true, 6);
  para(
    'Students from every middle school may attend half-day enrichment courses at Northfield Innovation Center at no cost. Buses leave each school at 12:15 p.m.',
    11,
    false,
    12,
  );
  para('Questions', 14, true, 6);
  para(
    'Call the Enrollment Center at (303) 555-0100 or email enroll@cedarvalleyschools.example. Translation is available in Spanish, Vietnamese, Arabic and Amharic.',
    11,
    false,
    4,
  );

  const pages: string[] = [];
  let y = 0;
  let ops: string[] = [];
  const top = 742;
  const bottom = 60;
  const startPage = () => {
    ops = [];
    y = top;
  };
  const endPage = () => {
    ops.push(
      `BT /F1 9 Tf 0.4 g 54 36 Td (${pdfText(`${DISTRICT.name} - Guide to Middle School Options - page ${pages.length + 1}`)}) Tj ET`,
    );
    pages.push(ops.join('\n'));
  };
  startPage();
  for (const l of lines) {
    const lead = l.size * 1.3;
    if (y - lead < bottom) {
      endPage();
      startPage();
    }
    y -= lead;
    const color = l.bold && l.size >= 13 ? '0.525 0.149 0.2 rg' : '0 g';
    ops.push(`BT ${color} /${l.bold ? 'F2' : 'F1'} ${l.size} Tf 54 ${y.toFixed(1)} Td (${pdfText(l.text)}) Tj ET`);
    y -= l.gap ?? 0;
  }
  endPage();
  return pages;
}

/** A small, valid PDF 1.4: catalog, pages, two standard fonts, content streams, xref and trailer. */
export function guidePdf(): Buffer {
  const streams = pageStreams();
  const objs: string[] = [];
  const nPages = streams.length;
  // 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then per page: page object + content stream.
  const pageIds = streams.map((_, i) => 6 + i * 2);
  objs[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objs[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${nPages} >>`;
  objs[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objs[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objs[5] = `<< /Title (${pdfText('Guide to Middle School Options')}) /Author (${pdfText(DISTRICT.name)}) /CreationDate (D:20250804150000Z) /ModDate (D:20250804150000Z) >>`;
  streams.forEach((content, i) => {
    const id = pageIds[i]!;
    objs[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objs[id + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let i = 1; i < objs.length; i++) {
    offsets[i] = Buffer.byteLength(out, 'latin1');
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objs.length; i++) out += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------- hero video

export const VIDEO = { width: 1280, height: 720, fps: 24, seconds: 10 } as const;

/** A ridge line that repeats every `period` px, drawn over [-period, width + period]. */
function ridge(
  period: number,
  base: number,
  amp: number,
  offset: number,
  seed: number,
  w: number,
  h: number,
  fill: string,
): string {
  const n = 6;
  const ys: number[] = [];
  for (let i = 0; i < n; i++) ys.push(base - amp * (0.35 + 0.65 * Math.abs(Math.sin(seed * 12.9898 + i * 78.233))));
  let d = '';
  const start = -period + (offset % period);
  for (let x0 = start; x0 < w + period; x0 += period) {
    for (let i = 0; i < n; i++) {
      const x = x0 + (period / n) * i;
      d += `${d ? ' L' : 'M'}${x.toFixed(2)} ${ys[i]!.toFixed(2)}`;
    }
  }
  return `<path d="${d} L${(w + period).toFixed(2)} ${h} L${start.toFixed(2)} ${h} Z" fill="${fill}"/>`;
}

/** Frame t of the loop, t in [0, 1). Periodic in t, so frame 0 follows the last frame seamlessly. */
export function heroFrameSvg(t: number): string {
  const { width: w, height: h } = VIDEO;
  const tau = Math.PI * 2;
  const glow = 0.55 + 0.1 * Math.sin(tau * t);
  // Clouds repeat every half width and drift exactly one repeat per loop, so the loop has no seam.
  const period = w / 2;
  const shift = t * period;
  const clouds: string[] = [];
  for (let copy = -1; copy <= 2; copy++) {
    [0, 1, 2].forEach((i) => {
      const x = copy * period + i * (period / 3) + shift;
      const y = 110 + 46 * i + 8 * Math.sin(tau * (t + i / 3));
      clouds.push(
        `<ellipse cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" rx="${130 + 25 * i}" ry="${22 + 4 * i}" fill="#ffffff" opacity="${(0.1 + 0.03 * i).toFixed(2)}"/>`,
      );
    });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1f3d"/><stop offset="0.55" stop-color="#8a3b4a"/><stop offset="1" stop-color="#e7a06b"/></linearGradient>
    <radialGradient id="sun" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#ffe3b0" stop-opacity="${glow.toFixed(3)}"/><stop offset="1" stop-color="#ffe3b0" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.68}" cy="${h * 0.58}" r="${h * 0.42}" fill="url(#sun)"/>
  <circle cx="${w * 0.68}" cy="${h * 0.58}" r="${h * 0.07}" fill="#ffe9c4" opacity="0.9"/>
  ${clouds.join('\n')}
  ${ridge(w / 4, h * 0.66, h * 0.22, t * (w / 4), 1, w, h, '#5d3550')}
  ${ridge(w / 2, h * 0.76, h * 0.16, t * (w / 2), 2, w, h, '#3f2740')}
  ${ridge(w, h * 0.9, h * 0.12, t * w, 3, w, h, '#24172a')}
</svg>`;
}

export function hasFfmpeg(): boolean {
  const r = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  return r.status === 0;
}

async function frameRgb(t: number): Promise<Buffer> {
  return sharp(Buffer.from(heroFrameSvg(t)))
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** The poster is frame 0 at 1920x1080, so the still and the video's first frame match. */
export async function heroPoster(): Promise<Buffer> {
  return sharp(Buffer.from(heroFrameSvg(0)), { density: 72 * 1.5 })
    .resize(1920, 1080)
    .removeAlpha()
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer();
}

function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => {
      err += String(d);
    });
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err.slice(-2000)}`))));
  });
}

/** Renders the frames once to a temp raw file, then encodes MP4 and WebM from it. */
export async function heroVideo(mp4: string, webm: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'hero-'));
  try {
    const raw = join(dir, 'frames.rgb');
    const out = createWriteStream(raw);
    const total = VIDEO.fps * VIDEO.seconds;
    for (let i = 0; i < total; i++) {
      const buf = await frameRgb(i / total);
      if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    const input = [
      '-hide_banner',
      '-y',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${VIDEO.width}x${VIDEO.height}`,
      '-r',
      String(VIDEO.fps),
      '-i',
      raw,
      '-an',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
    ];
    await runFfmpeg([
      ...input,
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      '26',
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'main',
      '-g',
      String(VIDEO.fps * 2),
      '-threads',
      '1',
      '-movflags',
      '+faststart',
      mp4,
    ]);
    await runFfmpeg([
      ...input,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '40',
      '-pix_fmt',
      'yuv420p',
      '-deadline',
      'good',
      '-cpu-used',
      '2',
      '-row-mt',
      '0',
      '-threads',
      '1',
      '-g',
      String(VIDEO.fps * 2),
      webm,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
