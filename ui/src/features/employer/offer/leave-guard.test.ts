import { describe, expect, it } from 'vitest';
import { leavingPath, type LinkClick } from './leave-guard';

const current = new URL('https://board.example/employer/offers/rust-dev/edit?variant=edit');
const click: LinkClick = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const link = (href: string, target = '', download = false) => ({ href, target, download });

describe('leavingPath', () => {
  it('catches a plain click on an in-app link to another page', () => {
    expect(leavingPath(click, link('/employer/offers'), current)).toBe('/employer/offers');
    expect(leavingPath(click, link('https://board.example/employer/codes?page=2#top'), current)).toBe('/employer/codes?page=2#top');
    expect(leavingPath(click, link('/employer/offers/rust-dev/edit?variant=extend'), current)).toBe('/employer/offers/rust-dev/edit?variant=extend');
  });

  it('lets through what does not leave the page here', () => {
    expect(leavingPath(click, null, current)).toBeNull();
    expect(leavingPath(click, link('https://elsewhere.example/'), current)).toBeNull();
    expect(leavingPath(click, link('/employer/offers', '_blank'), current)).toBeNull();
    expect(leavingPath(click, link('/employer/offers', '', true), current)).toBeNull();
    expect(leavingPath(click, link('#section-salary'), current)).toBeNull();
    expect(leavingPath({ ...click, ctrlKey: true }, link('/employer/offers'), current)).toBeNull();
    expect(leavingPath({ ...click, button: 1 }, link('/employer/offers'), current)).toBeNull();
    expect(leavingPath({ ...click, defaultPrevented: true }, link('/employer/offers'), current)).toBeNull();
  });
});
