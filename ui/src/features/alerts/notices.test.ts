import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_CARRY_MS, notify, takeUnheardNotice } from './notices';

// CI once lost "Zmieniono częstotliwość powiadomień": the frequency was changed on a page whose
// layout had not yet hydrated the snackbar, so the notice went out to no listener.
describe('a notice sent before the snackbar listens', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = new EventTarget();
    takeUnheardNotice();
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('is kept for the snackbar that mounts just after', () => {
    notify('alerts.notice.frequencyChanged');
    expect(takeUnheardNotice()).toMatchObject({ key: 'alerts.notice.frequencyChanged', kind: 'info' });
  });

  it('is shown once', () => {
    notify('alerts.notice.deleted');
    takeUnheardNotice();
    expect(takeUnheardNotice()).toBeNull();
  });

  it('is dropped once it is old', () => {
    notify('alerts.errors.generic', 'error');
    expect(takeUnheardNotice(Date.now() + NOTICE_CARRY_MS + 1)).toBeNull();
  });

  it('keeps only the latest', () => {
    notify('alerts.notice.enabled');
    notify('alerts.notice.paused');
    expect(takeUnheardNotice()?.key).toBe('alerts.notice.paused');
  });
});
