'use client';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabPanel {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move between tabs,
 * only the chosen panel is shown. Panels are server-rendered; the first one shows without JavaScript.
 */
export function OfferTabs({ label, panels, testId }: { label: string; panels: TabPanel[]; testId?: string }) {
  const [active, setActive] = useState(panels[0]?.id);
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = panels.length - 1;
    const target = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (target === null) return;
    event.preventDefault();
    setActive(panels[target].id);
    buttons.current[target]?.focus();
  };

  return (
    <div className="tabs" data-testid={testId}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {panels.map((panel, index) => (
          <button
            key={panel.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${panel.id}`}
            aria-controls={`${base}-panel-${panel.id}`}
            aria-selected={panel.id === active}
            tabIndex={panel.id === active ? 0 : -1}
            className="tabs__tab"
            data-testid={`tab-${panel.id}`}
            onClick={() => setActive(panel.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {panel.label}
          </button>
        ))}
      </div>
      {panels.map((panel) => (
        <div key={panel.id} role="tabpanel" id={`${base}-panel-${panel.id}`} aria-labelledby={`${base}-tab-${panel.id}`} hidden={panel.id !== active} data-testid={`panel-${panel.id}`}>
          {panel.content}
        </div>
      ))}
    </div>
  );
}
