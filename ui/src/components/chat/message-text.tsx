/**
 * A message's plain text with its web addresses as links (`lib/chat/linkify`). Text goes through
 * React as text (escaped), never as HTML; links open in a new tab without the opener and are marked
 * as user content for search engines. Line breaks are kept by CSS (`white-space: pre-wrap`).
 */
import { linkify } from '@/lib/chat/linkify';

export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
