// A way to measure distances without the visitor's location: a ZIP code, offered once the location
// is refused or unavailable (by the grid's "Sort by distance" and a school page's "Get Distance").
// The code is checked here (nothing typed, not five digits, not one of the district's: each said
// under the field, naming what was typed, and gone as soon as the family types again); a district
// code goes to `onZip`, which keeps it for the visit.
import { useId, useState, type FormEvent } from 'react';
import { checkZip, type ZipInputWords } from '../../lib/family-tools/zip-input.ts';

export interface ZipSortFormProps {
  label: string;
  go: string;
  initial: string;
  /** Whether a code is one of the district's. */
  known: (zip: string) => boolean;
  /** The problems' words; `unknown` and `notZip` hold {zip}. */
  words: ZipInputWords;
  onZip: (zip: string) => void;
}

export function ZipSortForm({ label, go, initial, known, words, onZip }: ZipSortFormProps) {
  const id = useId();
  const [problem, setProblem] = useState('');
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const field = e.currentTarget.elements.namedItem('zip');
    const got = checkZip(field instanceof HTMLInputElement ? field.value : '', known, words);
    if ('zip' in got) {
      setProblem('');
      onZip(got.zip);
    } else setProblem(got.problem);
  };
  return (
    <form className="zip-sort" onSubmit={onSubmit} noValidate>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="zip"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        defaultValue={initial}
        aria-describedby={`${id}-status`}
        aria-invalid={problem ? true : undefined}
        onInput={() => setProblem('')}
      />
      <button type="submit" className="button">
        {go}
      </button>
      <p id={`${id}-status`} role="status" className="zip-sort__status">
        {problem}
      </p>
    </form>
  );
}
