// The grid's way to sort by distance without the visitor's location: a ZIP code, offered once the
// location is refused or unavailable. The code given is checked against the district's ZIP codes
// by GridTools, which keeps it for the visit.
import { useId, type FormEvent } from 'react';

export interface ZipSortFormProps {
  label: string;
  go: string;
  initial: string;
  onZip: (zip: string) => void;
}

export function ZipSortForm({ label, go, initial, onZip }: ZipSortFormProps) {
  const id = useId();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const zip = String(new FormData(e.currentTarget).get('zip') ?? '').trim();
    if (zip) onZip(zip);
  };
  return (
    <form className="zip-sort" onSubmit={onSubmit}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name="zip" inputMode="numeric" autoComplete="postal-code" maxLength={10} defaultValue={initial} />
      <button type="submit" className="button">
        {go}
      </button>
    </form>
  );
}
