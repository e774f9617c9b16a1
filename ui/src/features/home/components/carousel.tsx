'use client';
import { Children, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface CarouselTexts {
  /** Localised role description, e.g. 'karuzela'. */
  role: string;
  previous: string;
  next: string;
  /** Slide label template with {n} and {total}. */
  slide: string;
}

/**
 * A scrollable row of slides (WAI-ARIA carousel pattern, no autoplay): labelled previous/next
 * buttons that are disabled at the ends, a focusable track that scrolls with the arrow keys,
 * Home and End, native touch scrolling with snap points. Slides are server-rendered children.
 */
export function Carousel({ label, texts, children, testId, className = '' }: { label: string; texts: CarouselTexts; children: ReactNode; testId?: string; className?: string }) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    setEdges({ start: element.scrollLeft <= 8, end: element.scrollLeft >= max - 8 });
  }, []);

  useEffect(() => {
    update();
    const element = track.current;
    if (!element) return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [update]);

  const step = (direction: 1 | -1, page = true) => {
    const element = track.current;
    if (!element) return;
    const first = element.querySelector('li');
    const slide = first ? first.getBoundingClientRect().width + 12 : 280;
    const distance = page ? Math.max(slide, Math.floor(element.clientWidth / slide) * slide) : slide;
    element.scrollBy({ left: direction * distance, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.target !== event.currentTarget) return;
    const element = event.currentTarget;
    if (event.key === 'ArrowRight') step(1, false);
    else if (event.key === 'ArrowLeft') step(-1, false);
    else if (event.key === 'Home') element.scrollTo({ left: 0 });
    else if (event.key === 'End') element.scrollTo({ left: element.scrollWidth });
    else return;
    event.preventDefault();
  };

  return (
    <div className={`carousel-box ${className}`} role="region" aria-roledescription={texts.role} aria-label={label} data-testid={testId}>
      <div className="carousel-box__controls">
        <button type="button" className="carousel-button" aria-label={texts.previous} disabled={edges.start} onClick={() => step(-1)} data-testid={testId ? `${testId}-prev` : undefined}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="carousel-button" aria-label={texts.next} disabled={edges.end} onClick={() => step(1)} data-testid={testId ? `${testId}-next` : undefined}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <ul className="carousel" ref={track} tabIndex={0} aria-label={label} onScroll={update} onKeyDown={onKeyDown}>
        {slides.map((slide, index) => (
          // A list item described as a slide (a role="group" here would take the item out of the list).
          <li key={index} aria-roledescription="slide" aria-label={texts.slide.replace('{n}', String(index + 1)).replace('{total}', String(slides.length))}>
            {slide}
          </li>
        ))}
      </ul>
    </div>
  );
}
