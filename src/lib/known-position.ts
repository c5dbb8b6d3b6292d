// The visitor's position, when they granted it earlier in this visit (the grid's "sort by distance"
// keeps it in sessionStorage under POSITION_KEY as {lat, lng, at}). Read-only: the compare page
// shows distances only from a position the visitor already gave, and never asks for one itself.
import { isValidLocation } from './distance.ts';
import type { GeoPoint } from './types.ts';

export const POSITION_KEY = 'msg.position';

/** The stored position, or null when there is none, storage is blocked, or the value is not a position. */
export function knownPosition(): GeoPoint | null {
  let raw: string | null;
  try {
    raw = globalThis.sessionStorage?.getItem(POSITION_KEY) ?? null;
  } catch {
    return null; // storage disabled (privacy settings, sandboxed frames)
  }
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return isValidLocation(v) ? { lat: v.lat, lng: v.lng } : null;
  } catch {
    return null;
  }
}
