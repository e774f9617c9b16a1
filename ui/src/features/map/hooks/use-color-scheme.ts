'use client';
import { useEffect, useState } from 'react';
import { resolveScheme, type ColorScheme } from '../lib/style';

/** The page's colour scheme: `<html data-theme>` when set (theme toggle), else `prefers-color-scheme`. */
export function useColorScheme(): ColorScheme {
  const [scheme, setScheme] = useState<ColorScheme>('light');
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const update = () => setScheme(resolveScheme(document.documentElement.getAttribute('data-theme'), media.matches));
    update();
    media.addEventListener('change', update);
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      media.removeEventListener('change', update);
      observer.disconnect();
    };
  }, []);
  return scheme;
}
