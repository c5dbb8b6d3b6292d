// "How far is this school from me?": a chip that asks the browser for the visitor's position only when
// pressed, then shows the distance in miles. A failure returns the chip to the prompt without a word
// on the chip (spec sections 4 and 8); beside it, the chip then offers a ZIP code instead (the spec
// is silent on a way to a distance without the location): a district code shows the distance from
// its centre, said under the chip, and is kept for the visit like the grid's (lib/family-tools/position.ts).
// Its name is its text ("2.4 mi") plus a note hidden on screen, never a different aria-label: a
// voice user says what they see (WCAG 2.5.3, axe label-content-name-mismatch).
// A position granted earlier in the visit (here or by the landing grid's "Sort by distance"), else
// a ZIP code given earlier, is shown right after hydration without asking again. Hidden without
// JavaScript (js-only): there it could not ask for the position.
import { useEffect, useRef, useState } from 'react';
import { haversineMiles, isValidLocation, roundMiles } from '../lib/family-tools/distance.ts';
import { GEO_OPTIONS, requestPosition, storedOrigin, storedZip, storeZip } from '../lib/family-tools/position.ts';
import { useMessages, useSettings } from '../SiteEnv.tsx';
import type { GeoPoint } from '../lib/content/types.ts';
import { ZipSortForm } from './landing/ZipSortForm.tsx';

// Its words ('Get Distance', '2.4 mi', and 'Finding your location…' while the browser looks for
// the position, on which the spec is silent) are the catalogue's.
export { GEO_OPTIONS };

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

export interface DistanceChipProps {
  location: GeoPoint;
  /** Pressed before its code had loaded (src/components/after-hydration.tsx): it asks at once. */
  requested?: boolean;
}

/** The distance shown, and the ZIP code it is from (null: the visitor's position). */
interface Shown {
  miles: number | null;
  zip: string | null;
}

export function DistanceChip({ location, requested = false }: DistanceChipProps) {
  const m = useMessages().school;
  const { zipCodes } = useSettings();
  const [shown, setShown] = useState<Shown>({ miles: null, zip: null });
  const [busy, setBusy] = useState(false);
  // The location was refused or failed: offer a ZIP code (only a district with ZIP codes can).
  const [offer, setOffer] = useState(false);
  const alive = useRef(true);
  // Only the latest request may settle the chip (a late answer to an earlier one is dropped).
  const request = useRef(0);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  // After hydration (the server HTML shows the prompt): the visit's position or ZIP code, when there is one.
  useEffect(() => {
    const origin = storedOrigin(zipCodes);
    if (origin && isValidLocation(location) && request.current === 0)
      setShown({ miles: roundMiles(haversineMiles(origin.point, location)), zip: origin.zip ?? null });
  }, [location, zipCodes]);

  const settle = (id: number, value: number | null) => {
    if (!alive.current || id !== request.current) return;
    setBusy(false);
    setShown({ miles: value, zip: null });
    if (value === null && zipCodes.length > 0) setOffer(true);
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
    void requestPosition().then((here) => settle(id, here ? roundMiles(haversineMiles(here, location)) : null));
  };

  const fromZip = (zip: string) => {
    const centre = zipCodes.find((z) => z.zip === zip);
    if (!centre) return;
    storeZip(zip);
    request.current++;
    setShown({ miles: roundMiles(haversineMiles(centre, location)), zip });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount, for the press that loaded it.
  useEffect(() => {
    if (requested) onClick();
  }, []);

  const showMiles = shown.miles !== null && !busy;
  const from = shown.zip ? m.zip.fromZip.replace('{zip}', shown.zip) : null;
  return (
    <div className="distance js-only js-deferred">
      <div aria-live="polite">
        <button
          type="button"
          className={showMiles ? 'distance-chip distance-chip--value' : 'distance-chip'}
          onClick={onClick}
          aria-busy={busy || undefined}
        >
          {busy ? (
            m.finding
          ) : showMiles ? (
            <>
              <PinIcon />
              <span className="distance-chip__value">{m.miles(shown.miles!)}</span>
              <span className="visually-hidden">
                {shown.zip ? m.zip.milesNote.replace('{zip}', shown.zip) : m.milesNote}
              </span>
            </>
          ) : (
            m.getDistance
          )}
        </button>
        {showMiles && from ? <p className="distance__from">{from}</p> : null}
      </div>
      {offer ? (
        <div className="distance__zip">
          <p className="distance__offer">{m.zip.offer}</p>
          <ZipSortForm
            label={m.zip.label}
            go={m.zip.go}
            initial={storedZip() ?? ''}
            known={(zip) => zipCodes.some((z) => z.zip === zip)}
            words={m.zip}
            onZip={fromZip}
          />
        </div>
      ) : null}
    </div>
  );
}
