// "How far is this school from me?": great-circle distance between the visitor and a school, in
// miles to one decimal (spec section 9). Pure so it is tested without a browser.
import type { GeoPoint } from '../content/types.ts';

export const EARTH_RADIUS_MILES = 3958.8;

/** True when the value is a usable coordinate pair: finite lat in [-90, 90], lng in [-180, 180]. */
export function isValidLocation(loc: unknown): loc is GeoPoint {
  if (!loc || typeof loc !== 'object') return false;
  const { lat, lng } = loc as Record<string, unknown>;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Haversine distance in miles between two points. */
export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points; asin would return NaN.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(Math.min(1, Math.max(0, h))));
}

/**
 * Miles to one decimal ("3.4"), or null when there is nothing worth showing: not a finite
 * non-negative number, or a distance that rounds to 0.0 (spec: a distance of 0 shows the prompt).
 */
export function formatMiles(miles: number): string | null {
  return roundMiles(miles)?.toFixed(1) ?? null;
}

/** Miles rounded to one decimal, or null for what the chip does not show (0, negative, not a number); the catalogue writes it. */
export function roundMiles(miles: number): number | null {
  if (!Number.isFinite(miles) || miles < 0) return null;
  const rounded = Math.round(miles * 10) / 10;
  return rounded === 0 ? null : rounded;
}
