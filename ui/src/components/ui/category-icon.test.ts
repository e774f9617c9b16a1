import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ICONS } from './category-icon';

const dataDir = path.resolve(__dirname, '../../../../index-data');

describe('CATEGORY_ICONS', () => {
  const files = readdirSync(dataDir).filter((name) => /^categories-.*\.json$/.test(name));

  it('has an icon for every root category of every board', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const roots = JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as { icon: string }[];
      const missing = roots.map((root) => root.icon).filter((icon) => !CATEGORY_ICONS[icon]);
      expect(missing, file).toEqual([]);
    }
  });

  it('gives the categories of one board distinct icons (JavaScript and Java were both "Ja")', () => {
    for (const file of files) {
      const roots = JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as { icon: string }[];
      const icons = roots.map((root) => CATEGORY_ICONS[root.icon]);
      expect(new Set(icons).size, file).toBe(icons.length);
    }
  });
});
