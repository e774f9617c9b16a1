/** Types of api-types.mjs for the TypeScript test (src/lib/api-schema.test.ts). */
export const SNAPSHOT: string;
export const OUTPUT: string;
export function generateApiTypes(documentText: string): Promise<string>;
