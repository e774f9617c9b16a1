// ESLint 9 flat config (`npm run lint`). Kept small: typescript-eslint's recommended rules and one
// architecture rule — a feature (src/features/X) does not import another feature (src/features/Y),
// neither through `@/features/Y/…` nor through a relative path that climbs out of X. What several
// features share lives in src/components (UI) or src/lib (plumbing); the dependencies that are part
// of the product's shape are the commented exceptions in FEATURE_EXCEPTIONS.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
const featuresDir = join(root, 'src', 'features');

/** Feature → the other features' modules it may import (paths below src/features), and why. */
const FEATURE_EXCEPTIONS = {
  // Saved searches and job alerts are list filters: they are read, stored and compared with the
  // list page's own URL ↔ filters mapping.
  alerts: ['search/filters'],
  // The list's map shows the offers of the list's filters (the same API query as the list).
  map: ['search/filters'],
  // The employer's offer form and summary show the offer's locations on the candidate side's map.
  employer: ['map/components/offer-location-map'],
};

const subdirectories = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name));

/** Every folder below `dir` (itself included). */
const folders = (dir) => [dir, ...subdirectories(dir).flatMap(folders)];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One block per folder of a feature, so that the relative-path pattern knows how deep the folder
 * is: from src/features/X/a/b, `../../../Y` reaches the features folder and then another feature.
 */
function featureBoundaryBlocks() {
  return subdirectories(featuresDir).flatMap((featureDir) => {
    const feature = relative(featuresDir, featureDir);
    const allowed = FEATURE_EXCEPTIONS[feature] ?? [];
    return folders(featureDir).map((folder) => {
      const depth = relative(featureDir, folder).split(/[\\/]/).filter(Boolean).length;
      const up = escape('../'.repeat(depth + 1));
      // This feature and its exceptions, as paths below src/features/.
      const allowedAlias = [feature, ...allowed].map(escape).join('|');
      return {
        files: [`${relative(root, folder)}/*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: `^@/features/(?!(?:${allowedAlias})(?:/|$))`,
                  message: `A feature does not import another feature: move what is shared to src/components or src/lib, or add a commented exception to FEATURE_EXCEPTIONS in eslint.config.mjs.`,
                },
                {
                  regex: `^${up}(?!\\.\\./)(?!(?:${allowedAlias})(?:/|$))`,
                  message: `This relative import leaves the feature "${feature}" for another one: move what is shared to src/components or src/lib, or add a commented exception to FEATURE_EXCEPTIONS in eslint.config.mjs.`,
                },
              ],
            },
          ],
        },
      };
    });
  });
}

export default [
  { ignores: ['.next/**', '.next-bench/**', 'node_modules/**', 'test-output/**', 'next-env.d.ts', 'src/lib/api-schema.d.ts'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_name`: a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...featureBoundaryBlocks(),
];
