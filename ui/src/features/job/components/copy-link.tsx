'use client';
import { useState } from 'react';

/** Copies the offer URL; hidden without JavaScript (the share links still work). */
export function CopyLink({ url, label, doneLabel }: { url: string; label: string; doneLabel: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button--small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          window.prompt(label, url);
        }
      }}
    >
      <span aria-live="polite">{copied ? doneLabel : label}</span>
    </button>
  );
}
