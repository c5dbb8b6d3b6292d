// "Add {school} to shortlist" / "Remove {school} from shortlist": a toggle button (aria-pressed) on
// every landing card and in the school page header. The title is part of the button's name but
// hidden on screen, where the card's or page's heading already shows it. Server-rendered
// unpressed; the stored shortlist applies right after hydration (useShortlist). Hidden without
// JavaScript (js-only), where pressing it would do nothing.
import { useState } from 'react';
import { SHORTLIST_MAX, toggleShortlist } from '../lib/family-tools/shortlist.ts';
import { useMessages } from '../SiteEnv.tsx';
import { useShortlist } from './useShortlist.ts';

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      className="shortlist-button__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ShortlistButton({ slug, title }: { slug: string; title: string }) {
  const SHORTLIST = useMessages().shortlist;
  const list = useShortlist();
  const on = list.includes(slug);
  const [note, setNote] = useState('');
  // "The list is full" is about the list as it was: any change (here or in another tab) retires it.
  const [noteFor, setNoteFor] = useState(list);
  if (noteFor !== list) {
    setNoteFor(list);
    if (note) setNote('');
  }
  const words = on ? SHORTLIST.remove : SHORTLIST.add;
  const onClick = () => {
    const result = toggleShortlist(slug);
    setNote(result === 'full' ? SHORTLIST.full(SHORTLIST_MAX) : result === 'failed' ? SHORTLIST.failed : '');
  };
  return (
    <div className="shortlist-toggle js-only">
      <button
        type="button"
        className={on ? 'shortlist-button shortlist-button--on' : 'shortlist-button'}
        aria-pressed={on}
        onClick={onClick}
      >
        <BookmarkIcon filled={on} />
        <span>
          {words.before}
          <span className="visually-hidden"> {title}</span> {words.after}
        </span>
      </button>
      <p className="shortlist-toggle__note" role="status">
        {note}
      </p>
    </div>
  );
}
