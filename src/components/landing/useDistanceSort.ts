// The grid's "Sort by distance" and "Sort by name": the point the order is measured from, and the
// status line that says so. The point is the visitor's position (asked once per visit, see
// position.ts), or, once that is refused, the centre of a district ZIP code the family gives,
// which is kept for the visit so the next sort uses it without asking.
import { useEffect, useRef, useState } from 'react';
import { requestPosition, storedPosition, storedZip, storeZip } from '../../lib/family-tools/position.ts';
import type { GeoPoint, ZipFinderData } from '../../lib/content/types.ts';
import { useMessages } from '../../SiteEnv.tsx';

export interface DistanceSort {
  /** Where distances are measured from; null: the grid is in name order. */
  here: GeoPoint | null;
  /** The ZIP code whose centre `here` is; null: the visitor's own position. */
  zip: string | null;
  busy: boolean;
  message: string;
  /** Whether the ZIP code form shows (the location was refused, or the order is from a ZIP code). */
  askZip: boolean;
  sortByDistance(): void;
  sortByName(): void;
  fromZip(zip: string): void;
}

export function useDistanceSort(zips: ZipFinderData | null | undefined): DistanceSort {
  const GRID_TOOLS = useMessages().gridTools;
  const [here, setHere] = useState<GeoPoint | null>(null);
  const [zip, setZip] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [askZip, setAskZip] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const fromZip = (zip: string) => {
    const centre = zips?.centres[zip];
    if (!zips || !centre) {
      setMessage(zips ? zips.words.sortUnknown.replace('{zip}', zip) : GRID_TOOLS.noPosition);
      return;
    }
    storeZip(zip);
    setAskZip(true);
    setMessage(zips.words.sorted.replace('{zip}', zip));
    setHere(centre);
    setZip(zip);
  };
  const sortByDistance = () => {
    if (busy) return;
    const known = storedPosition();
    if (known) {
      setMessage(GRID_TOOLS.sorted);
      setHere(known);
      setZip(null);
      return;
    }
    const zip = storedZip();
    if (zip && zips?.centres[zip]) {
      fromZip(zip);
      return;
    }
    setBusy(true);
    setMessage(GRID_TOOLS.finding);
    void requestPosition().then((pos) => {
      if (!alive.current) return;
      setBusy(false);
      if (pos) {
        setMessage(GRID_TOOLS.sorted);
        setHere(pos);
        setZip(null);
      } else if (zips?.zips.length) {
        setAskZip(true);
        setMessage(zips.words.sortIntro);
      } else {
        setMessage(GRID_TOOLS.noPosition);
      }
    });
  };
  const sortByName = () => {
    setMessage('');
    setHere(null);
    setZip(null);
  };
  return { here, zip, busy, message, askZip, sortByDistance, sortByName, fromZip };
}
