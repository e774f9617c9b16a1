import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateApiTypes, OUTPUT, SNAPSHOT } from '../../scripts/api-types.mjs';

describe('api-schema.d.ts', () => {
  // Fails when ui/openapi.json changed without `npm run api-types` (or the reverse): the web
  // app's API types are generated from the snapshot, never edited by hand.
  it('is what openapi-typescript generates from ui/openapi.json', async () => {
    const [snapshot, committed] = await Promise.all([readFile(SNAPSHOT, 'utf8'), readFile(OUTPUT, 'utf8')]);
    expect(committed === (await generateApiTypes(snapshot)), 'src/lib/api-schema.d.ts is stale: run `npm run api-types` in ui/').toBe(true);
  }, 60_000);
});
