// The middle of a benchmark's repeated runs: what every part reports, so one slow or lucky run
// does not move a figure.

/** The run in the middle by `key` (the upper one of an even count). */
export const medianBy = <T>(runs: readonly T[], key: (run: T) => number): T =>
  [...runs].sort((a, b) => key(a) - key(b))[Math.floor(runs.length / 2)]!;

/** The middle of numbers (the upper one of an even count). */
export const median = (xs: readonly number[]): number => medianBy(xs, (x) => x);
