'use client';
/** A consent or clause text cut at 120 characters with "show more" (spec §5, §9). */
import { useState } from 'react';
import { previewText } from '../rules';

export function ConsentText({ text, id, moreLabel, lessLabel }: { text: string; id: string; moreLabel: string; lessLabel: string }) {
  const [expanded, setExpanded] = useState(false);
  const { preview, cut } = previewText(text);
  return (
    <span className="consent-text">
      <span id={id}>{expanded || !cut ? text : preview}</span>
      {cut ? (
        <>
          {' '}
          <button type="button" className="link-button" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((value) => !value)}>
            {expanded ? lessLabel : moreLabel}
          </button>
        </>
      ) : null}
    </span>
  );
}
