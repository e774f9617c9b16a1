import { describe, expect, it } from 'vitest';
import { hashForModal, hrefWithModal, MODAL_IDS, modalFromHash } from './hash-modals';

describe('hash <-> modal', () => {
  it('maps each modal to its hash and back', () => {
    for (const id of MODAL_IDS) expect(modalFromHash(hashForModal(id))).toBe(id);
    expect(hashForModal('more-filters')).toBe('#more-filters');
    expect(modalFromHash('location')).toBe('location');
    expect(modalFromHash('#Categories')).toBe('categories');
  });

  it('ignores other hashes', () => {
    expect(modalFromHash('')).toBeNull();
    expect(modalFromHash('#')).toBeNull();
    expect(modalFromHash('#main')).toBeNull();
    expect(modalFromHash('#add-alert')).toBeNull();
    expect(modalFromHash(undefined)).toBeNull();
  });

  it('puts and removes the hash on an address', () => {
    expect(hrefWithModal('/krakow?keyword=java', 'location')).toBe('/krakow?keyword=java#location');
    expect(hrefWithModal('/krakow?keyword=java#search', 'more-filters')).toBe('/krakow?keyword=java#more-filters');
    expect(hrefWithModal('/krakow#search', null)).toBe('/krakow');
  });
});
