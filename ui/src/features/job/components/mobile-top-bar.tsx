'use client';
import { useEffect, useState, type ReactNode } from 'react';
import { isTopBarVisible } from '../rules';

/** The offer's title bar on small screens, shown once the page is scrolled more than 168 px. */
export function MobileTopBar({ title, children }: { title: string; children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(isTopBarVisible(window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return (
    <div className={`mobile-top-bar${visible ? ' mobile-top-bar--visible' : ''}`} aria-hidden={!visible} inert={!visible} data-testid="mobile-top-bar">
      <p className="mobile-top-bar__title">{title}</p>
      <div className="mobile-top-bar__actions">{children}</div>
    </div>
  );
}
