// Numbers as a catalogue writes them. The formatter is made on first use, not when the catalogue
// loads: ICU's first NumberFormat costs 16-20 ms, which every CLI start (the export, the preview)
// paid although only the browser's distance labels format a number.

/** `value` with exactly one decimal, in `locale` ("2.4"), without grouping. */
export function oneDecimal(locale: string): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => {
    format ??= new Intl.NumberFormat(locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    });
    return format.format(value);
  };
}

/** A whole number with the locale's grouping ("1,250"); one formatter per locale, made on first use. */
export function grouped(locale: string): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => {
    format ??= new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    return format.format(value);
  };
}
