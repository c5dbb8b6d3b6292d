// The visitor's position, asked for once per visit: whichever asks first (the
// landing grid's "Sort by distance" or a school page's "Get Distance" chip) keeps the answer in
// sessionStorage, so every other distance in the same tab shows without asking again. A visit is
// the tab's session: pages are separate documents in the export, so module memory would not
// carry over, and sessionStorage is gone when the tab closes. Nothing here leaves the browser.
// A family that refuses its location may give a ZIP code instead; that is kept for the visit too.
import { isValidLocation } from './distance.ts';
import type { GeoPoint } from '../content/types.ts';
import type { ZipCode } from '../content/builtin-settings.ts';

export const POSITION_KEY = 'msg:position';
export const ZIP_KEY = 'msg:zip';

// maximumAge 0: a request measures from where the visitor is now. A cached position (it was 5
// minutes) showed the old distance after the family had moved.
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15000, maximumAge: 0 };

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: every request asks the browser
  }
}

/** The position granted earlier in this visit, or null (none, or an unusable stored value). */
export function storedPosition(): GeoPoint | null {
  try {
    const raw = session()?.getItem(POSITION_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isValidLocation(value) ? { lat: value.lat, lng: value.lng } : null;
  } catch {
    return null;
  }
}

export function storePosition(here: GeoPoint): void {
  try {
    session()?.setItem(POSITION_KEY, JSON.stringify({ lat: here.lat, lng: here.lng }));
  } catch {
    /* full or disabled: the next request asks again */
  }
}

/** The ZIP code given earlier in this visit to sort by distance from, or null. */
export function storedZip(): string | null {
  try {
    const raw = session()?.getItem(ZIP_KEY);
    return raw && /^[0-9A-Za-z -]{1,10}$/.test(raw) ? raw : null;
  } catch {
    return null;
  }
}

export function storeZip(zip: string): void {
  try {
    session()?.setItem(ZIP_KEY, zip);
  } catch {
    /* full or disabled: the form asks again on the next page */
  }
}

/**
 * Asks the browser for the current position; resolves with it (and keeps it for the visit) or
 * with null when there is no geolocation, the visitor declines, or it fails or times out.
 */
export function requestPosition(): Promise<GeoPoint | null> {
  return new Promise((resolve) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo || typeof geo.getCurrentPosition !== 'function') {
      resolve(null);
      return;
    }
    try {
      geo.getCurrentPosition(
        (pos) => {
          const here = { lat: pos?.coords?.latitude, lng: pos?.coords?.longitude };
          if (!isValidLocation(here)) {
            resolve(null);
            return;
          }
          storePosition(here);
          resolve(here);
        },
        () => resolve(null),
        GEO_OPTIONS,
      );
    } catch {
      resolve(null);
    }
  });
}

/**
 * Where this visit's distances are measured from: the position granted earlier, else the centre of
 * the district ZIP code the family gave instead (named, so a page can say "from ZIP code 80210").
 */
export function storedOrigin(zipCodes: readonly ZipCode[]): { point: GeoPoint; zip?: string } | null {
  const here = storedPosition();
  if (here) return { point: here };
  const zip = storedZip();
  const centre = zip ? zipCodes.find((z) => z.zip === zip) : undefined;
  return centre && zip ? { point: { lat: centre.lat, lng: centre.lng }, zip } : null;
}
