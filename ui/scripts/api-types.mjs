// `npm run api-types`: writes src/lib/api-schema.d.ts from the committed OpenAPI snapshot
// ui/openapi.json (the API's `/api/openapi.json`), with openapi-typescript. The unit test
// src/lib/api-schema.test.ts regenerates it in memory and fails when the two are out of step.
// The snapshot is written by the API's test (`WAKAT_WRITE_GENERATED=1 cargo test -p wakat-server
// openapi`), which fails while it is out of step with the API.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const SNAPSHOT = fileURLToPath(new URL('../openapi.json', import.meta.url));
export const OUTPUT = fileURLToPath(new URL('../src/lib/api-schema.d.ts', import.meta.url));

/** The TypeScript declarations of an OpenAPI document (its JSON text). */
export async function generateApiTypes(documentText) {
  // openapi-typescript's own checks (a repeated operationId is refused: the API's test
  // `operation_ids_are_unique_across_both_documents` keeps them unique).
  const ast = await openapiTS(JSON.parse(documentText), { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(OUTPUT, await generateApiTypes(await readFile(SNAPSHOT, 'utf8')));
  console.log(`${SNAPSHOT} → ${OUTPUT}`);
}
