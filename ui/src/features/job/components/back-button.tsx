'use client';
import { useRouter } from 'next/navigation';
import { paths } from '@/config/paths';
import { backAction } from '../rules';

/** Back: history when it holds more than 2 entries, else the offers root (a plain link without JavaScript). */
export function BackButton({ label, className = 'back-button' }: { label: string; className?: string }) {
  const router = useRouter();
  return (
    <a
      href={paths.allOffers()}
      className={className}
      aria-label={label}
      data-testid="back-button"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        if (backAction(window.history.length) === 'history') router.back();
        else router.push(paths.allOffers());
      }}
    >
      <span aria-hidden="true">←</span>
      <span className="back-button__text">{label}</span>
    </a>
  );
}
