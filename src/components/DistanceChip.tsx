// "How far is this school from me?": a chip that asks the browser for the visitor's position only when
// pressed, then shows the distance in miles. Any failure silently returns to the prompt (spec section 8).
import { useEffect, useRef, useState } from 'react';
import { haversineMiles, isValidLocation, roundMiles } from '../lib/distance.ts';
import { useMessages } from '../SiteEnv.tsx';
import type { GeoPoint } from '../lib/types.ts';

// Its words ('Get Distance', '2.4 mi', and 'Finding your location…' while the browser looks for
// the position, on which the spec is silent) are the catalogue's.
// maximumAge 0: every click measures from where the visitor is now. A cached position (it was 5
// minutes) showed the old distance after the family had moved.
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15000, maximumAge: 0 };

function PinIcon() {
  return (
    <svg
      className="distance-chip__icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
      />
    </svg>
  );
}

export function DistanceChip({ location }: { location: GeoPoint }) {
  const m = useMessages().school;
  const [miles, setMiles] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  // Only the latest request may settle the chip (a late answer to an earlier one is dropped).
  const request = useRef(0);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const settle = (id: number, value: number | null) => {
    if (!alive.current || id !== request.current) return;
    setBusy(false);
    setMiles(value);
  };

  const onClick = () => {
    if (busy) return; // one position request at a time; the chip already says it is looking
    const id = ++request.current;
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo || typeof geo.getCurrentPosition !== 'function' || !isValidLocation(location)) {
      settle(id, null);
      return;
    }
    setBusy(true);
    try {
      geo.getCurrentPosition(
        (pos) => {
          const here = { lat: pos?.coords?.latitude, lng: pos?.coords?.longitude };
          settle(id, isValidLocation(here) ? roundMiles(haversineMiles(here, location)) : null);
        },
        () => settle(id, null),
        GEO_OPTIONS,
      );
    } catch {
      settle(id, null);
    }
  };

  const showMiles = miles !== null && !busy;
  return (
    <div className="distance" aria-live="polite">
      <button
        type="button"
        className={showMiles ? 'distance-chip distance-chip--value' : 'distance-chip'}
        onClick={onClick}
        aria-busy={busy || undefined}
        aria-label={showMiles ? m.milesLabel(miles) : undefined}
      >
        {busy ? (
          m.finding
        ) : showMiles ? (
          <>
            <PinIcon />
            <span className="distance-chip__value">{m.miles(miles)}</span>
          </>
        ) : (
          m.getDistance
        )}
      </button>
    </div>
  );
}
