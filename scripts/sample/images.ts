// Procedural pictures for the sample dataset: flat "illustration" scenes (campus, field, stage,
// classroom, library, lab), badge logos and abstract cards, drawn as layered SVG and rendered by
// sharp. Nothing is downloaded and no font is needed, so every machine produces the same bytes.
// Flat shapes also compress well, which keeps content/sample small at realistic pixel sizes.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { prng, seedOf } from './pt.ts';

export type Scene = 'campus' | 'field' | 'stage' | 'classroom' | 'library' | 'lab' | 'abstract' | 'logo' | 'hills';
export type Emblem =
  | 'star'
  | 'mountain'
  | 'tree'
  | 'book'
  | 'atom'
  | 'wave'
  | 'sun'
  | 'flame'
  | 'leaf'
  | 'shield'
  | 'compass'
  | 'bell';

export interface ImageSpec {
  /** Stable name; also the PRNG seed, so the same name always draws the same picture. */
  name: string;
  scene: Scene;
  width: number;
  height: number;
  format: 'jpg' | 'png';
  /** Accent colour (#rrggbb), usually the school's. */
  accent: string;
  emblem?: Emblem;
}

const QUALITY = 72;

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: Rand, lo: number, hi: number): number => lo + r() * (hi - lo);
const f = (n: number): string => n.toFixed(1);

function hexToRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  const v = m ? parseInt(m[1]!, 16) : 0x555555;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
/** Mixes the colour towards white (t > 0) or black (t < 0). */
export function shade(hex: string, t: number): string {
  const [r, g, b] = hexToRgb(hex);
  const to = t >= 0 ? 255 : 0;
  const a = Math.abs(t);
  const c = (x: number) =>
    Math.round(x + (to - x) * a)
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

const SKIES: [string, string][] = [
  ['#7fb3e0', '#dcecf7'],
  ['#5d9bd5', '#cfe5f5'],
  ['#f3b37a', '#fde8cf'],
  ['#8fc1e3', '#f2f7fb'],
  ['#6a8fc7', '#e8d9c9'],
];

function vignette(w: number, h: number): string {
  return `<defs><radialGradient id="vig" cx="50%" cy="50%" r="75%"><stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.28"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#vig)"/>`;
}

function sky(r: Rand, w: number, h: number, id = 'sky'): string {
  const [top, bottom] = pick(r, SKIES);
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${id})"/>`;
}

function mountains(r: Rand, w: number, base: number, height: number, color: string): string {
  let d = `M0 ${f(base)}`;
  const peaks = 5 + Math.floor(r() * 4);
  for (let i = 0; i <= peaks; i++) {
    const x = (w / peaks) * i;
    d += ` L${f(x - w / peaks / 2)} ${f(base - height * between(r, 0.35, 1))} L${f(x)} ${f(base - height * between(r, 0.1, 0.4))}`;
  }
  d += ` L${w} ${f(base)} Z`;
  return `<path d="${d}" fill="${color}"/>`;
}

function tree(r: Rand, x: number, y: number, s: number): string {
  const green = pick(r, ['#2f6b3a', '#3f7d45', '#285c33', '#4d8a4f']);
  return `<rect x="${f(x - s * 0.06)}" y="${f(y - s * 0.45)}" width="${f(s * 0.12)}" height="${f(s * 0.45)}" fill="#5a4632"/>
  <circle cx="${f(x)}" cy="${f(y - s * 0.6)}" r="${f(s * 0.32)}" fill="${green}"/>
  <circle cx="${f(x - s * 0.18)}" cy="${f(y - s * 0.5)}" r="${f(s * 0.24)}" fill="${shade(green, 0.08)}"/>`;
}

function campus(r: Rand, w: number, h: number, accent: string): string {
  const ground = h * between(r, 0.68, 0.76);
  const parts = [sky(r, w, h)];
  parts.push(
    `<circle cx="${f(w * between(r, 0.1, 0.9))}" cy="${f(h * between(r, 0.1, 0.25))}" r="${f(h * 0.07)}" fill="#fff4d6" opacity="0.9"/>`,
  );
  parts.push(mountains(r, w, ground - h * 0.12, h * 0.3, '#8fa3b8'));
  parts.push(mountains(r, w, ground - h * 0.04, h * 0.16, '#6f8a78'));
  parts.push(`<rect y="${f(ground)}" width="${w}" height="${f(h - ground)}" fill="#6c9a4c"/>`);
  parts.push(
    `<path d="M${f(w * 0.44)} ${h} L${f(w * 0.49)} ${f(ground)} L${f(w * 0.53)} ${f(ground)} L${f(w * 0.6)} ${h} Z" fill="#c9c1b1"/>`,
  );
  // The school: a long brick wing, a taller entrance block in the school colour, rows of windows.
  const bx = w * between(r, 0.14, 0.22);
  const bw = w * between(r, 0.56, 0.66);
  const bh = h * between(r, 0.2, 0.26);
  const brick = pick(r, ['#a0563b', '#b8875f', '#c7b299', '#8e5b45']);
  parts.push(`<rect x="${f(bx)}" y="${f(ground - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${brick}"/>`);
  parts.push(
    `<rect x="${f(bx)}" y="${f(ground - bh - h * 0.015)}" width="${f(bw)}" height="${f(h * 0.02)}" fill="${shade(brick, -0.3)}"/>`,
  );
  const cols = 12 + Math.floor(r() * 6);
  for (let row = 0; row < 2; row++) {
    for (let c = 0; c < cols; c++) {
      const wx = bx + (bw / cols) * (c + 0.2);
      const wy = ground - bh + bh * (0.15 + row * 0.42);
      parts.push(
        `<rect x="${f(wx)}" y="${f(wy)}" width="${f((bw / cols) * 0.6)}" height="${f(bh * 0.28)}" fill="${r() < 0.2 ? '#f7e7b4' : '#cfe3f0'}" stroke="#ffffff" stroke-width="2"/>`,
      );
    }
  }
  const ex = w * 0.46;
  const ew = w * 0.1;
  const eh = bh * 1.35;
  parts.push(`<rect x="${f(ex)}" y="${f(ground - eh)}" width="${f(ew)}" height="${f(eh)}" fill="${accent}"/>`);
  parts.push(
    `<rect x="${f(ex + ew * 0.3)}" y="${f(ground - eh * 0.45)}" width="${f(ew * 0.4)}" height="${f(eh * 0.45)}" fill="#2b2b2b" opacity="0.8"/>`,
  );
  parts.push(
    `<rect x="${f(ex + ew * 0.15)}" y="${f(ground - eh * 0.85)}" width="${f(ew * 0.7)}" height="${f(eh * 0.12)}" fill="#ffffff" opacity="0.85"/>`,
  );
  // Flag pole with a flag in the school colour.
  const fx = bx - w * 0.04;
  parts.push(`<rect x="${f(fx)}" y="${f(ground - h * 0.42)}" width="4" height="${f(h * 0.42)}" fill="#d9d9d9"/>`);
  parts.push(
    `<path d="M${f(fx + 4)} ${f(ground - h * 0.42)} h${f(w * 0.05)} l${f(-w * 0.01)} ${f(h * 0.025)} l${f(w * 0.01)} ${f(h * 0.025)} h${f(-w * 0.05)} Z" fill="${shade(accent, 0.15)}"/>`,
  );
  const trees = 4 + Math.floor(r() * 5);
  for (let i = 0; i < trees; i++) {
    const tx = r() < 0.5 ? w * between(r, 0, 0.12) : w * between(r, 0.8, 1);
    parts.push(tree(r, tx, ground + h * between(r, 0.02, 0.2), h * between(r, 0.22, 0.34)));
  }
  return parts.join('\n');
}

function field(r: Rand, w: number, h: number, accent: string): string {
  const horizon = h * 0.38;
  const parts = [sky(r, w, h)];
  parts.push(mountains(r, w, horizon, h * 0.14, '#8fa3b8'));
  // Bleachers in the school colour.
  parts.push(
    `<rect x="${f(w * 0.05)}" y="${f(horizon - h * 0.08)}" width="${f(w * 0.4)}" height="${f(h * 0.08)}" fill="${shade(accent, 0.1)}"/>`,
  );
  for (let i = 0; i < 5; i++)
    parts.push(
      `<rect x="${f(w * 0.05)}" y="${f(horizon - h * 0.08 + i * h * 0.016)}" width="${f(w * 0.4)}" height="2" fill="#ffffff" opacity="0.5"/>`,
    );
  parts.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="#4f8f3a"/>`);
  for (let i = 0; i < 8; i++) {
    const y0 = horizon + ((h - horizon) / 8) * i;
    if (i % 2) parts.push(`<rect y="${f(y0)}" width="${w}" height="${f((h - horizon) / 8)}" fill="#5a9c43"/>`);
  }
  parts.push(
    `<ellipse cx="${f(w / 2)}" cy="${f(horizon + (h - horizon) * 0.55)}" rx="${f(w * 0.46)}" ry="${f((h - horizon) * 0.42)}" fill="none" stroke="#b5553c" stroke-width="${f(h * 0.05)}"/>`,
  );
  parts.push(
    `<ellipse cx="${f(w / 2)}" cy="${f(horizon + (h - horizon) * 0.55)}" rx="${f(w * 0.46)}" ry="${f((h - horizon) * 0.42)}" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="18 10"/>`,
  );
  const gx = w * between(r, 0.25, 0.75);
  parts.push(
    `<path d="M${f(gx - w * 0.05)} ${f(horizon + h * 0.12)} v${f(-h * 0.1)} h${f(w * 0.1)} v${f(h * 0.1)}" fill="none" stroke="#ffffff" stroke-width="5"/>`,
  );
  for (let i = 0; i < 6; i++) {
    const px = w * between(r, 0.15, 0.85);
    const py = horizon + (h - horizon) * between(r, 0.25, 0.8);
    const s = h * 0.06 * (py / h);
    parts.push(
      `<circle cx="${f(px)}" cy="${f(py - s * 1.6)}" r="${f(s * 0.4)}" fill="#6b4a3a"/><rect x="${f(px - s * 0.4)}" y="${f(py - s * 1.2)}" width="${f(s * 0.8)}" height="${f(s * 1.2)}" rx="${f(s * 0.2)}" fill="${i % 2 ? accent : '#ffffff'}"/>`,
    );
  }
  return parts.join('\n');
}

function stage(r: Rand, w: number, h: number, accent: string): string {
  const parts = [`<rect width="${w}" height="${h}" fill="#1b1620"/>`];
  parts.push(`<defs><radialGradient id="spot" cx="50%" cy="40%" r="50%"><stop offset="0" stop-color="#fff6d8" stop-opacity="0.75"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></radialGradient>
    <linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(accent, -0.35)}"/><stop offset="0.5" stop-color="${shade(accent, 0.1)}"/><stop offset="1" stop-color="${shade(accent, -0.35)}"/></linearGradient></defs>`);
  parts.push(`<rect y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.22)}" fill="#6b4a2f"/>`);
  const spots = 2 + Math.floor(r() * 3);
  for (let i = 0; i < spots; i++) {
    const cx = w * between(r, 0.2, 0.8);
    parts.push(`<ellipse cx="${f(cx)}" cy="${f(h * 0.6)}" rx="${f(w * 0.18)}" ry="${f(h * 0.35)}" fill="url(#spot)"/>`);
  }
  const folds = 7;
  for (const side of [0, 1]) {
    for (let i = 0; i < folds; i++) {
      const fw = (w * 0.16) / folds;
      const x = side === 0 ? i * fw : w - (i + 1) * fw;
      parts.push(`<rect x="${f(x)}" y="0" width="${f(fw + 1)}" height="${h}" fill="url(#fold)"/>`);
    }
  }
  parts.push(`<rect width="${w}" height="${f(h * 0.1)}" fill="url(#fold)"/>`);
  const people = 3 + Math.floor(r() * 4);
  for (let i = 0; i < people; i++) {
    const px = w * (0.25 + (0.5 / people) * (i + 0.5));
    const s = h * between(r, 0.16, 0.2);
    parts.push(
      `<circle cx="${f(px)}" cy="${f(h * 0.8 - s * 1.35)}" r="${f(s * 0.18)}" fill="#2a2230"/><rect x="${f(px - s * 0.22)}" y="${f(h * 0.8 - s * 1.15)}" width="${f(s * 0.44)}" height="${f(s * 1.15)}" rx="${f(s * 0.12)}" fill="#2a2230"/>`,
    );
  }
  return parts.join('\n');
}

function classroom(r: Rand, w: number, h: number, accent: string): string {
  const wall = pick(r, ['#efe6d2', '#e4ecef', '#f1e9e1', '#e8efe3']);
  const parts = [`<rect width="${w}" height="${h}" fill="${wall}"/>`];
  parts.push(`<rect y="${f(h * 0.62)}" width="${w}" height="${f(h * 0.38)}" fill="#b99a74"/>`);
  parts.push(
    `<rect x="${f(w * 0.1)}" y="${f(h * 0.12)}" width="${f(w * 0.45)}" height="${f(h * 0.3)}" fill="#2f4f45" stroke="#8b6b4a" stroke-width="10"/>`,
  );
  for (let i = 0; i < 4; i++)
    parts.push(
      `<rect x="${f(w * 0.13)}" y="${f(h * (0.16 + i * 0.06))}" width="${f(w * between(r, 0.15, 0.36))}" height="4" fill="#e8efe9" opacity="0.7"/>`,
    );
  parts.push(
    `<rect x="${f(w * 0.66)}" y="${f(h * 0.1)}" width="${f(w * 0.26)}" height="${f(h * 0.36)}" fill="#bcd9ee" stroke="#ffffff" stroke-width="12"/>`,
  );
  parts.push(`<rect x="${f(w * 0.79 - 6)}" y="${f(h * 0.1)}" width="12" height="${f(h * 0.36)}" fill="#ffffff"/>`);
  parts.push(
    `<rect x="${f(w * 0.1)}" y="${f(h * 0.46)}" width="${f(w * 0.8)}" height="${f(h * 0.03)}" fill="${accent}"/>`,
  );
  for (let row = 0; row < 3; row++) {
    const y = h * (0.66 + row * 0.11);
    const scale = 1 + row * 0.25;
    for (let c = 0; c < 4; c++) {
      const x = w * (0.08 + c * 0.23) - row * w * 0.02;
      parts.push(
        `<rect x="${f(x)}" y="${f(y)}" width="${f(w * 0.15 * scale)}" height="${f(h * 0.03 * scale)}" fill="#d9c3a0"/><rect x="${f(x + w * 0.01)}" y="${f(y + h * 0.03 * scale)}" width="6" height="${f(h * 0.06 * scale)}" fill="#555"/><rect x="${f(x + w * 0.14 * scale - 6)}" y="${f(y + h * 0.03 * scale)}" width="6" height="${f(h * 0.06 * scale)}" fill="#555"/>`,
      );
      if (r() < 0.4)
        parts.push(
          `<rect x="${f(x + w * 0.04)}" y="${f(y - h * 0.015)}" width="${f(w * 0.05)}" height="${f(h * 0.015)}" fill="${pick(r, ['#e15759', '#4e79a7', '#f28e2b', '#59a14f'])}"/>`,
        );
    }
  }
  return parts.join('\n');
}

function library(r: Rand, w: number, h: number, accent: string): string {
  const parts = [`<rect width="${w}" height="${h}" fill="#efe3cf"/>`];
  const shelves = 5;
  const colors = ['#8c2f39', '#2e5e8a', '#c58b2b', '#3d6b45', '#6b4c8a', '#b4553a', accent, '#2f3e46'];
  for (let s = 0; s < shelves; s++) {
    const top = h * (0.06 + s * 0.18);
    let x = w * 0.05;
    while (x < w * 0.95) {
      const bw = w * between(r, 0.012, 0.03);
      const bh = h * between(r, 0.1, 0.15);
      parts.push(
        `<rect x="${f(x)}" y="${f(top + h * 0.15 - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${pick(r, colors)}"/>`,
      );
      x += bw + 2;
      if (r() < 0.05) x += w * 0.04;
    }
    parts.push(
      `<rect x="${f(w * 0.03)}" y="${f(top + h * 0.15)}" width="${f(w * 0.94)}" height="${f(h * 0.025)}" fill="#7a5836"/>`,
    );
  }
  return parts.join('\n');
}

function lab(r: Rand, w: number, h: number, accent: string): string {
  const parts = [`<rect width="${w}" height="${h}" fill="#dfe8ec"/>`];
  for (let y = 0; y < h * 0.55; y += h * 0.05)
    parts.push(`<rect y="${f(y)}" width="${w}" height="1.5" fill="#c7d3d8"/>`);
  parts.push(
    `<rect y="${f(h * 0.6)}" width="${w}" height="${f(h * 0.06)}" fill="#2f3a40"/><rect y="${f(h * 0.66)}" width="${w}" height="${f(h * 0.34)}" fill="${shade(accent, 0.55)}"/>`,
  );
  const n = 6 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const x = w * (0.06 + (0.88 / n) * i) + w * 0.02;
    const s = h * between(r, 0.12, 0.22);
    const liquid = pick(r, ['#4fb3bf', '#e8a23a', '#7cc36b', '#d96b8a', '#8a7fd6']);
    if (r() < 0.5) {
      parts.push(`<path d="M${f(x)} ${f(h * 0.6 - s)} h${f(s * 0.3)} v${f(s * 0.35)} l${f(s * 0.3)} ${f(s * 0.65)} h${f(-s * 0.9)} l${f(s * 0.3)} ${f(-s * 0.65)} Z" fill="#ffffff" opacity="0.85"/>
        <path d="M${f(x - s * 0.15)} ${f(h * 0.6 - s * 0.35)} h${f(s * 0.6)} l${f(s * 0.15)} ${f(s * 0.35)} h${f(-s * 0.9)} Z" fill="${liquid}"/>`);
    } else {
      parts.push(
        `<rect x="${f(x)}" y="${f(h * 0.6 - s)}" width="${f(s * 0.35)}" height="${f(s)}" rx="${f(s * 0.08)}" fill="#ffffff" opacity="0.85"/><rect x="${f(x)}" y="${f(h * 0.6 - s * 0.5)}" width="${f(s * 0.35)}" height="${f(s * 0.5)}" fill="${liquid}"/>`,
      );
    }
  }
  return parts.join('\n');
}

function abstract(r: Rand, w: number, h: number, accent: string): string {
  const parts = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(accent, 0.15)}"/><stop offset="1" stop-color="${shade(accent, -0.35)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];
  for (let i = 0; i < 9; i++) {
    const cx = w * r();
    const cy = h * r();
    const rr = Math.min(w, h) * between(r, 0.08, 0.4);
    parts.push(
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rr)}" fill="${pick(r, ['#ffffff', '#ffd166', '#06d6a0', '#118ab2', '#f4a261'])}" opacity="${between(r, 0.08, 0.3).toFixed(2)}"/>`,
    );
  }
  return parts.join('\n');
}

function hills(r: Rand, w: number, h: number, accent: string): string {
  const parts = [sky(r, w, h)];
  parts.push(mountains(r, w, h * 0.55, h * 0.3, '#9fb0c4'));
  parts.push(mountains(r, w, h * 0.7, h * 0.2, '#7c9a84'));
  parts.push(`<rect y="${f(h * 0.7)}" width="${w}" height="${f(h * 0.3)}" fill="#5f8f45"/>`);
  for (let i = 0; i < 10; i++) parts.push(tree(r, w * r(), h * between(r, 0.75, 1.02), h * between(r, 0.15, 0.3)));
  parts.push(`<rect y="${f(h * 0.92)}" width="${w}" height="${f(h * 0.08)}" fill="${accent}" opacity="0.35"/>`);
  return parts.join('\n');
}

const EMBLEMS: Record<Emblem, string> = {
  star: '<path d="M256 120 L290 215 L392 218 L311 280 L340 378 L256 320 L172 378 L201 280 L120 218 L222 215 Z" fill="#fff"/>',
  mountain:
    '<path d="M120 350 L215 190 L262 265 L300 215 L392 350 Z" fill="#fff"/><path d="M215 190 L240 232 L215 222 L192 232 Z" fill="#ddd"/>',
  tree: '<path d="M256 120 L340 250 L300 250 L370 340 L142 340 L212 250 L172 250 Z" fill="#fff"/><rect x="240" y="340" width="32" height="50" fill="#fff"/>',
  book: '<path d="M136 170 Q196 150 256 185 Q316 150 376 170 V350 Q316 330 256 362 Q196 330 136 350 Z" fill="#fff"/><path d="M256 185 V362" stroke="#000" stroke-opacity="0.25" stroke-width="8"/>',
  atom: '<g fill="none" stroke="#fff" stroke-width="16"><ellipse cx="256" cy="256" rx="130" ry="52"/><ellipse cx="256" cy="256" rx="130" ry="52" transform="rotate(60 256 256)"/><ellipse cx="256" cy="256" rx="130" ry="52" transform="rotate(120 256 256)"/></g><circle cx="256" cy="256" r="24" fill="#fff"/>',
  wave: '<path d="M120 300 Q170 220 220 300 T320 300 T400 290 V360 H120 Z" fill="#fff"/><path d="M120 240 Q170 170 220 240 T320 240 T400 230" fill="none" stroke="#fff" stroke-width="18"/>',
  sun: '<circle cx="256" cy="256" r="70" fill="#fff"/><g stroke="#fff" stroke-width="18" stroke-linecap="round"><path d="M256 130 V160"/><path d="M256 352 V382"/><path d="M130 256 H160"/><path d="M352 256 H382"/><path d="M167 167 L188 188"/><path d="M324 324 L345 345"/><path d="M345 167 L324 188"/><path d="M188 324 L167 345"/></g>',
  flame:
    '<path d="M256 120 C300 190 360 220 340 300 C325 360 280 385 256 385 C220 385 175 360 172 305 C170 255 210 240 215 190 C240 220 245 240 256 255 C262 210 250 160 256 120 Z" fill="#fff"/>',
  leaf: '<path d="M140 370 C140 220 240 140 380 140 C380 290 290 370 140 370 Z" fill="#fff"/><path d="M150 360 L330 180" stroke="#000" stroke-opacity="0.25" stroke-width="10"/>',
  shield:
    '<path d="M256 120 L370 160 V260 C370 320 320 365 256 392 C192 365 142 320 142 260 V160 Z" fill="#fff"/><path d="M256 160 V350 M180 240 H332" stroke="#000" stroke-opacity="0.25" stroke-width="14"/>',
  compass:
    '<circle cx="256" cy="256" r="120" fill="none" stroke="#fff" stroke-width="18"/><path d="M256 150 L290 256 L256 362 L222 256 Z" fill="#fff"/><circle cx="256" cy="256" r="14" fill="#000" fill-opacity="0.3"/>',
  bell: '<path d="M256 130 C320 130 345 185 345 250 V315 L375 350 H137 L167 315 V250 C167 185 192 130 256 130 Z" fill="#fff"/><circle cx="256" cy="370" r="24" fill="#fff"/>',
};

/** A round school badge: the school colour, a lighter ring and a white emblem; transparent corners. */
export function logoSvg(accent: string, emblem: Emblem, size = 512): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <circle cx="256" cy="256" r="248" fill="${shade(accent, 0.75)}"/>
  <circle cx="256" cy="256" r="222" fill="${accent}"/>
  <circle cx="256" cy="256" r="196" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="6" stroke-dasharray="4 14"/>
  ${EMBLEMS[emblem]}
</svg>`;
}

export function sceneSvg(spec: ImageSpec): string {
  const r = prng(seedOf(spec.name));
  const { width: w, height: h, accent } = spec;
  if (spec.scene === 'logo') return logoSvg(accent, spec.emblem ?? 'star', w);
  const body = { campus, field, stage, classroom, library, lab, abstract, hills }[spec.scene](r, w, h, accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}${vignette(w, h)}</svg>`;
}

/** Renders a spec to encoded bytes (JPEG via mozjpeg at moderate quality, PNG at max compression). */
export async function renderImage(spec: ImageSpec): Promise<Buffer> {
  const img = sharp(Buffer.from(sceneSvg(spec)), { density: 72 }).resize(spec.width, spec.height, { fit: 'fill' });
  return spec.format === 'png'
    ? img.png({ compressionLevel: 9, palette: true, effort: 7 }).toBuffer()
    : img
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: QUALITY, mozjpeg: true, chromaSubsampling: '4:2:0' })
        .toBuffer();
}

/**
 * An asset reference's `_ref` until generate.ts has made the asset (an asset id holds the hash of
 * its bytes): `@@image:<name>` for a picture or a file alike.
 */
export const PLACEHOLDER = '@@image:';

export interface ImageAssetDoc {
  _id: string;
  _type: 'sanity.imageAsset';
  _createdAt: string;
  _updatedAt: string;
  _rev: string;
  assetId: string;
  sha1hash: string;
  extension: 'jpg' | 'png';
  mimeType: 'image/jpeg' | 'image/png';
  originalFilename: string;
  path: string;
  size: number;
  metadata: {
    _type: 'sanity.imageMetadata';
    dimensions: { _type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number };
    hasAlpha: boolean;
    isOpaque: boolean;
  };
}

export interface RenderedAsset {
  doc: ImageAssetDoc;
  file: string;
  bytes: Buffer;
}

export const sha1 = (b: Buffer): string => createHash('sha1').update(b).digest('hex');

/** What every asset document of the sample says of itself besides its kind: made at `timestamp`, named by its hash. */
const assetFields = <E extends string>(hash: string, ext: E, timestamp: string) => ({
  _createdAt: timestamp,
  _updatedAt: timestamp,
  _rev: hash.slice(0, 22),
  assetId: hash,
  sha1hash: hash,
  extension: ext,
});

/** Renders one spec into an asset document plus the file name it lives under in images/. */
export async function renderAsset(spec: ImageSpec, timestamp: string): Promise<RenderedAsset> {
  return imageAsset(await renderImage(spec), spec, timestamp);
}

/** An image's bytes as an asset document plus the file name it lives under in images/. */
export function imageAsset(
  bytes: Buffer,
  spec: Pick<ImageSpec, 'name' | 'width' | 'height' | 'format'>,
  timestamp: string,
): RenderedAsset {
  const hash = sha1(bytes);
  const { width, height, format: ext } = spec;
  const file = `${hash}-${width}x${height}.${ext}`;
  return {
    file,
    bytes,
    doc: {
      _id: `image-${hash}-${width}x${height}-${ext}`,
      _type: 'sanity.imageAsset',
      ...assetFields(hash, ext, timestamp),
      mimeType: ext === 'png' ? 'image/png' : 'image/jpeg',
      originalFilename: `${spec.name}.${ext}`,
      path: `images/embedded/production/${file}`,
      size: bytes.length,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {
          _type: 'sanity.imageDimensions',
          width,
          height,
          aspectRatio: Math.round((width / height) * 1e6) / 1e6,
        },
        hasAlpha: ext === 'png',
        isOpaque: ext !== 'png',
      },
    },
  };
}

export interface FileAssetDoc {
  _id: string;
  _type: 'sanity.fileAsset';
  _createdAt: string;
  _updatedAt: string;
  _rev: string;
  assetId: string;
  sha1hash: string;
  extension: string;
  mimeType: string;
  originalFilename: string;
  path: string;
  size: number;
}

export interface RenderedFile {
  doc: FileAssetDoc;
  /** Its name under files/: `<sha1>.<ext>`. */
  file: string;
  bytes: Buffer;
}

/** A file's bytes (a PDF, a video) as an asset document, the way an upload in the Studio stores it. */
export function fileAsset(bytes: Buffer, originalFilename: string, mimeType: string, timestamp: string): RenderedFile {
  const hash = sha1(bytes);
  const ext = originalFilename.slice(originalFilename.lastIndexOf('.') + 1);
  const file = `${hash}.${ext}`;
  return {
    file,
    bytes,
    doc: {
      _id: `file-${hash}-${ext}`,
      _type: 'sanity.fileAsset',
      ...assetFields(hash, ext, timestamp),
      mimeType,
      originalFilename,
      path: `files/embedded/production/${file}`,
      size: bytes.length,
    },
  };
}
