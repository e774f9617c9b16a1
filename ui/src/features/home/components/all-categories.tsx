'use client';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';

export interface CategoryEntry {
  slug: string;
  /** The category file's icon name (the home page's tiles draw it). */
  icon: string;
  label: string;
  href: string;
  /** '12 offers', or null without counts. */
  countLabel: string | null;
  isNew: boolean;
  children: { slug: string; label: string; href: string }[];
}

export interface AllCategoriesTexts {
  open: string;
  title: string;
  close: string;
  newLabel: string;
}

const HASH = '#all-categories';

/**
 * 'All categories': a dialog (a bottom drawer on mobile) with every category and its
 * subcategories. The URL hash #all-categories opens it, so the address can be shared and the
 * back button closes it.
 */
export function AllCategories({ categories, texts }: { categories: CategoryEntry[]; texts: AllCategoriesTexts }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const sync = () => setOpen(window.location.hash === HASH);
    sync();
    window.addEventListener('hashchange', sync);
    window.addEventListener('popstate', sync);
    return () => {
      window.removeEventListener('hashchange', sync);
      window.removeEventListener('popstate', sync);
    };
  }, []);

  const show = () => {
    if (window.location.hash !== HASH) window.history.pushState(window.history.state, '', HASH);
    setOpen(true);
  };
  const close = useCallback(() => {
    setOpen(false);
    if (window.location.hash === HASH) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  return (
    <>
      <button type="button" className="button button--small" onClick={show} aria-haspopup="dialog" data-testid="all-categories-open">
        {texts.open}
      </button>
      <Dialog open={open} onClose={close} title={texts.title} closeLabel={texts.close} size="large" testId="all-categories">
        <ul className="all-categories">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link href={category.href} className="all-categories__main" onClick={close}>
                {category.label}
                {category.isNew ? <span className="badge badge--new">{texts.newLabel}</span> : null}
                {category.countLabel ? <span className="muted"> · {category.countLabel}</span> : null}
              </Link>
              {category.children.length ? (
                <ul className="pills pills--sub">
                  {category.children.map((child) => (
                    <li key={child.slug}>
                      <Link className="pill pill--small" href={child.href} onClick={close}>
                        {child.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
