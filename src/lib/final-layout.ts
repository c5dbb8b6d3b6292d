// Whether the page's parts that hydrate late (src/components/after-hydration.tsx) have taken their final
// form. A scroll that allows for the sticky bars must wait for it: the section menu a phone gets
// once scripted is shorter than the list of links the export wrote, and a section scrolled under
// the written list would end up a hundred pixels below the scripted bar.
let waiting = 0;
let release: (() => void) | null = null;
let settled: Promise<void> | null = null;

/** A late part mounted as the export wrote it: the layout settles once it has been replaced. */
export function holdLayout(): void {
  waiting++;
  settled ??= new Promise<void>((resolve) => {
    release = resolve;
  });
}

/** That part has taken its final form (or will not: its code failed to load). */
export function releaseLayout(): void {
  if (waiting === 0) return;
  waiting--;
  if (waiting === 0) release?.();
}

/** Resolves once every late part has taken its final form (at once where there are none). */
export const layoutSettled = (): Promise<void> => settled ?? Promise.resolve();

/** The late parts' code did not load: they stay as written, and nothing waits for them. */
export function releaseAll(): void {
  waiting = 0;
  release?.();
}
