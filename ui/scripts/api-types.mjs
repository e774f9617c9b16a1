// `npm run api-types`: writes src/lib/api-schema.d.ts from the committed OpenAPI snapshot
// ui/openapi.json (the API's `/api/openapi.json`), with openapi-typescript. The unit test
// src/lib/api-schema.test.ts regenerates it in memory and fails when the two are out of step.
// Refresh the snapshot from a running API first when the API changed:
//   curl -s http://127.0.0.1:8080/api/openapi.json > openapi.json && npm run api-types
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createConfig } from '@redocly/openapi-core';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const SNAPSHOT = fileURLToPath(new URL('../openapi.json', import.meta.url));
export const OUTPUT = fileURLToPath(new URL('../src/lib/api-schema.d.ts', import.meta.url));

/** The TypeScript declarations of an OpenAPI document (its JSON text). */
export async function generateApiTypes(documentText) {
  // openapi-typescript's own settings, but a repeated operationId is not fatal: the API's document
  // has some (handlers of the same name in different modules), and the web app reads `paths` and
  // `components`, never `operations`.
  const redocly = await createConfig({ rules: { 'operation-operationId-unique': 'off' } }, { extends: ['minimal'] });
  const ast = await openapiTS(JSON.parse(documentText), { redocly, silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(OUTPUT, await generateApiTypes(await readFile(SNAPSHOT, 'utf8')));
  console.log(`${SNAPSHOT} → ${OUTPUT}`);
}
