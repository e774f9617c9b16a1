import { describe, expect, it } from 'vitest';
import type { City } from '@/lib/types';
import { cityOptions, cityStartsWith, closedCombo, comboKey, comboReducer, exactCity, type ComboState } from './city-combobox';
import type { LastLocation } from './last-searches';

const city = (slug: string, name: string, region: string, nameEn: string | null = null): City => ({ slug, name, nameEn, region, latitude: 0, longitude: 0 });
const popular = [city('warszawa', 'Warszawa', 'mazowieckie', 'Warsaw'), city('krakow', 'Kraków', 'małopolskie', 'Cracow'), city('lodz', 'Łódź', 'łódzkie'), city('lublin', 'Lublin', 'lubelskie')];
const recent: LastLocation[] = [{ label: 'Gdańsk', value: 'gdansk', region: 'pomorskie', group: 'lastSearch' }, { label: 'Kraków', value: 'krakow', group: 'lastSearch' }];

describe('combobox reducer', () => {
  it('opens without an active option, typing keeps it open and drops the active option', () => {
    const open = comboReducer(closedCombo, { type: 'open' });
    expect(open).toEqual({ open: true, active: -1 });
    expect(comboReducer({ open: true, active: 2 }, { type: 'input' })).toEqual({ open: true, active: -1 });
    expect(comboReducer({ open: false, active: -1 }, { type: 'input' })).toEqual({ open: true, active: -1 });
  });

  it('moves with wrap-around; the first arrow activates the first (down) or last (up) option', () => {
    let state: ComboState = closedCombo;
    state = comboReducer(state, { type: 'move', delta: 1, count: 3 });
    expect(state).toEqual({ open: true, active: 0 });
    state = comboReducer(state, { type: 'move', delta: 1, count: 3 });
    state = comboReducer(state, { type: 'move', delta: 1, count: 3 });
    expect(state.active).toBe(2);
    expect(comboReducer(state, { type: 'move', delta: 1, count: 3 }).active).toBe(0);
    expect(comboReducer({ open: true, active: 0 }, { type: 'move', delta: -1, count: 3 }).active).toBe(2);
    expect(comboReducer(closedCombo, { type: 'move', delta: -1, count: 3 })).toEqual({ open: true, active: 2 });
    expect(comboReducer(closedCombo, { type: 'move', delta: 1, count: 0 })).toEqual({ open: true, active: -1 });
    // An index past a shrunken list restarts from the edge.
    expect(comboReducer({ open: true, active: 7 }, { type: 'move', delta: 1, count: 3 }).active).toBe(0);
  });

  it('closes, hovers and moves or drops the active option when the options change', () => {
    expect(comboReducer({ open: true, active: 1 }, { type: 'close' })).toEqual(closedCombo);
    const same = { open: true, active: 1 };
    expect(comboReducer(same, { type: 'hover', index: 1 })).toBe(same);
    expect(comboReducer(same, { type: 'hover', index: 0 }).active).toBe(0);
    expect(comboReducer(same, { type: 'options', index: -1 })).toEqual({ open: true, active: -1 });
    expect(comboReducer(same, { type: 'options', index: 3 })).toEqual({ open: true, active: 3 });
    expect(comboReducer(closedCombo, { type: 'options', index: -1 })).toBe(closedCombo);
  });

  it('maps keys to intents', () => {
    expect(comboKey(closedCombo, 'ArrowDown', 2)).toEqual({ kind: 'action', action: { type: 'move', delta: 1, count: 2 } });
    expect(comboKey(closedCombo, 'ArrowUp', 2)).toEqual({ kind: 'action', action: { type: 'move', delta: -1, count: 2 } });
    expect(comboKey({ open: true, active: 1 }, 'Enter', 2)).toEqual({ kind: 'pick', index: 1 });
    expect(comboKey({ open: true, active: -1 }, 'Enter', 2)).toEqual({ kind: 'none' });
    expect(comboKey({ open: false, active: 1 }, 'Enter', 2)).toEqual({ kind: 'none' });
    expect(comboKey({ open: true, active: 3 }, 'Enter', 2)).toEqual({ kind: 'none' });
    expect(comboKey({ open: true, active: -1 }, 'Escape', 2)).toEqual({ kind: 'escape' });
    expect(comboKey(closedCombo, 'Escape', 2)).toEqual({ kind: 'none' });
    expect(comboKey({ open: true, active: 0 }, 'Tab', 2)).toEqual({ kind: 'action', action: { type: 'close' } });
    expect(comboKey({ open: true, active: 0 }, 'Home', 2)).toEqual({ kind: 'none' });
    expect(comboKey({ open: true, active: 0 }, 'a', 2)).toEqual({ kind: 'none' });
  });
});

describe('city options', () => {
  it('lists the last locations, then popular cities, while the field is empty', () => {
    const options = cityOptions({ text: '', locale: 'pl', recent, popular, suggested: null });
    expect(options.map((option) => `${option.group}:${option.slug}`)).toEqual(['recent:gdansk', 'recent:krakow', 'popular:warszawa', 'popular:lodz', 'popular:lublin']);
    expect(options[0].region).toBe('pomorskie');
    expect(options[1].region).toBe('małopolskie');
  });

  it('narrows the short list by the first character, folded', () => {
    const options = cityOptions({ text: 'ł', locale: 'pl', recent, popular, suggested: null });
    expect(options.map((option) => option.slug)).toEqual(['lodz', 'lublin']);
  });

  it('lists nothing for a short field when the short list is off (dialog chips)', () => {
    expect(cityOptions({ text: '', locale: 'pl', recent, popular, suggested: null, shortList: false })).toEqual([]);
  });

  it('uses the gazetteer suggestions from 2 characters, with regions and English names', () => {
    const suggested = [city('lodz', 'Łódź', 'łódzkie'), city('lodygowice', 'Łodygowice', 'śląskie')];
    const options = cityOptions({ text: 'łod', locale: 'pl', recent, popular, suggested });
    expect(options).toEqual([
      { slug: 'lodz', label: 'Łódź', region: 'łódzkie', group: 'suggested' },
      { slug: 'lodygowice', label: 'Łodygowice', region: 'śląskie', group: 'suggested' },
    ]);
    expect(cityOptions({ text: 'cra', locale: 'en', recent, popular, suggested: [popular[1]] })[0].label).toBe('Cracow');
  });

  it('falls back to popular cities starting with the text while suggestions are unknown', () => {
    expect(cityOptions({ text: 'LOD', locale: 'pl', recent, popular, suggested: null }).map((option) => option.slug)).toEqual(['lodz']);
    expect(cityOptions({ text: 'war', locale: 'en', recent, popular, suggested: null })[0].label).toBe('Warsaw');
    expect(cityOptions({ text: 'xyz', locale: 'pl', recent, popular, suggested: [] })).toEqual([]);
  });
});

describe('city names', () => {
  it('match by folded prefix and exact name in both languages', () => {
    expect(cityStartsWith(popular[2], 'Łó')).toBe(true);
    expect(cityStartsWith(popular[1], 'cra')).toBe(true);
    expect(cityStartsWith(popular[1], 'aków')).toBe(false);
    expect(exactCity(popular, 'łódź')?.slug).toBe('lodz');
    expect(exactCity(popular, 'Warsaw')?.slug).toBe('warszawa');
    expect(exactCity(popular, 'Lod')).toBeUndefined();
    expect(exactCity(popular, '  ')).toBeUndefined();
  });
});
