'use client';
import { useState } from 'react';

/**
 * Favourite: guests get a login prompt (spec §4). The board has no candidate login yet, so the
 * prompt says that saving needs an account; nothing is stored.
 */
export function FavouriteButton({ label, prompt, className = 'icon-button' }: { label: string; prompt: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="favourite">
      <button type="button" className={className} aria-label={label} aria-expanded={open} onClick={() => setOpen((value) => !value)} data-testid="favourite">
        <span aria-hidden="true">♡</span>
      </button>
      {open ? (
        <span role="status" className="favourite__prompt">
          {prompt}
        </span>
      ) : null}
    </span>
  );
}
