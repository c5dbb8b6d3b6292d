// Theme colours from content: a school's `color` is typed by editors, so it is validated here
// before it reaches a CSS custom property, and text colours are chosen so they stay readable.

import { DEFAULT_THEME_COLOR } from '../config/site.ts';

export { DEFAULT_THEME_COLOR };
/** Spec section 9: the light variant is the colour with alpha suffix '11'. */
export const LIGHT_ALPHA_SUFFIX = '11';

const HEX6 = /^#[0-9a-fA-F]{6}$/;

export interface ThemeColors {
  /** #rrggbb */
  color: string;
  /** #rrggbb11: the colour at alpha 0x11 */
  light: string;
}

/** The theme for a content colour; anything but `#rrggbb` falls back to the default. */
export function themeColors(color?: string | null): ThemeColors {
  const c = typeof color === 'string' && HEX6.test(color.trim()) ? color.trim().toLowerCase() : DEFAULT_THEME_COLOR;
  return { color: c, light: c + LIGHT_ALPHA_SUFFIX };
}

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const h = themeColors(hex).color;
  const r = parseInt(h.slice(1, 3), 16);
  const g = parseInt(h.slice(3, 5), 16);
  const b = parseInt(h.slice(5, 7), 16);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio (1..21) between two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Blends `#rrggbbaa` over an opaque background, giving the colour a reader actually sees, so the
 * light variant's contrast can be checked.
 */
export function flatten(rgba: string, background = '#ffffff'): string {
  const m = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/.exec(rgba);
  if (!m) return themeColors(null).color;
  const alpha = m[2] ? parseInt(m[2], 16) / 255 : 1;
  const fg = m[1]!;
  const bg = themeColors(background).color.slice(1);
  let out = '#';
  for (let i = 0; i < 6; i += 2) {
    const v = Math.round(parseInt(fg.slice(i, i + 2), 16) * alpha + parseInt(bg.slice(i, i + 2), 16) * (1 - alpha));
    out += v.toString(16).padStart(2, '0');
  }
  return out;
}

export const TEXT_DARK = '#1a1a1a';
export const TEXT_LIGHT = '#ffffff';
/** WCAG 2.2 AA for normal-size text. */
export const AA_NORMAL = 4.5;

/**
 * Text colour for use on a `background`: white when it passes AA, else the near-black body text
 * colour, else pure black (for mid-tones such as #777777 only black passes; one of white and
 * black always reaches at least 4.58:1).
 */
export function readableTextOn(background: string): string {
  if (contrastRatio(TEXT_LIGHT, background) >= AA_NORMAL) return TEXT_LIGHT;
  if (contrastRatio(TEXT_DARK, background) >= AA_NORMAL) return TEXT_DARK;
  return '#000000';
}

/**
 * The CSS custom properties for a theme (set inline on the page wrapper): --theme, --theme-light,
 * --theme-contrast (text on --theme) and --theme-text (the theme colour when it reads as text on
 * white and on the light variant, else the body text colour).
 */
export function themeStyle(color?: string | null): Record<string, string> {
  const t = themeColors(color);
  const onLight = flatten(t.light);
  const readable = contrastRatio(t.color, TEXT_LIGHT) >= AA_NORMAL && contrastRatio(t.color, onLight) >= AA_NORMAL;
  return {
    '--theme': t.color,
    '--theme-light': t.light,
    '--theme-contrast': readableTextOn(t.color),
    '--theme-text': readable ? t.color : TEXT_DARK,
  };
}
