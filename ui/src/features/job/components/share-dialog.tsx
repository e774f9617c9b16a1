'use client';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { shareLinks } from '../rules';
import { CopyLink } from './copy-link';

export interface ShareTexts {
  share: string;
  title: string;
  close: string;
  copy: string;
  copied: string;
}

/** A share button opening a dialog with Facebook, LinkedIn and copy link (459 px wide on desktop). */
export function ShareButton({ url, texts, className = 'button button--small', testId = 'share-open', dialogTestId = 'share-dialog', iconOnly = false }: { url: string; texts: ShareTexts; className?: string; testId?: string; dialogTestId?: string; iconOnly?: boolean }) {
  const [open, setOpen] = useState(false);
  const links = shareLinks(url);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" aria-label={iconOnly ? texts.share : undefined} title={iconOnly ? texts.share : undefined} onClick={() => setOpen(true)} data-testid={testId}>
        <span aria-hidden="true">⤴</span>
        {iconOnly ? null : ` ${texts.share}`}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={texts.title} closeLabel={texts.close} size="small" testId={dialogTestId} className="share-dialog">
        <ul className="share-list">
          <li>
            <a className="button button--block" href={links.facebook} target="_blank" rel="noopener noreferrer" data-testid="share-facebook">
              Facebook
            </a>
          </li>
          <li>
            <a className="button button--block" href={links.linkedin} target="_blank" rel="noopener noreferrer" data-testid="share-linkedin">
              LinkedIn
            </a>
          </li>
          <li>
            <CopyLink url={url} label={texts.copy} doneLabel={texts.copied} />
          </li>
        </ul>
        <p className="share-url muted">{url}</p>
      </Dialog>
    </>
  );
}
