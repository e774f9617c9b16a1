/**
 * The browser's same-origin API: only the allow-listed public calls reach the API
 * (`src/lib/public-api.ts`); every other path or method is answered here with 404 or 405.
 */
import { forwardToApi } from '@/lib/api-forward';

export const dynamic = 'force-dynamic';

export const GET = forwardToApi;
export const HEAD = forwardToApi;
export const POST = forwardToApi;
export const PUT = forwardToApi;
export const PATCH = forwardToApi;
export const DELETE = forwardToApi;
export const OPTIONS = forwardToApi;
