'use client';
import { useEffect, useRef } from 'react';

/**
 * A `<details>` menu (works without JavaScript) that, with JavaScript, also closes on Escape
 * (focus back on its summary) or a click outside. Call `close()` when a choice is made.
 */
export function useDismissibleMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return { ref, close };
}
