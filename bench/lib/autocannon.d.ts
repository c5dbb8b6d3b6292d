// autocannon ships no type declarations; bench/lib/preview-load.ts types the part it uses.
declare module 'autocannon' {
  const autocannon: unknown;
  export default autocannon;
}
