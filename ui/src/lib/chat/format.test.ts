import { describe, expect, it } from 'vitest';
import { formatChatTime, MAX_MESSAGE_CHARS, messageLength } from './format';

describe('chat formats', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const at = (iso: string) => Date.parse(iso) / 1000;

  it('shows the time today, the day this year, the full date before', () => {
    expect(formatChatTime(at('2026-03-10T08:05:00Z'), 'pl', now, 'UTC')).toBe('08:05');
    expect(formatChatTime(at('2026-02-01T08:05:00Z'), 'pl', now, 'UTC')).toBe('1 lut, 08:05');
    expect(formatChatTime(at('2026-02-01T08:05:00Z'), 'en', now, 'UTC')).toBe('1 Feb, 08:05');
    expect(formatChatTime(at('2025-12-24T18:30:00Z'), 'pl', now, 'UTC')).toBe('24.12.2025, 18:30');
  });

  it('counts characters as the server does', () => {
    expect(messageLength('  ab\r\nc  ')).toBe(4);
    // An emoji is one character, two UTF-16 units.
    expect(messageLength('😀')).toBe(1);
    expect(messageLength('ą'.repeat(MAX_MESSAGE_CHARS))).toBe(2000);
  });
});
