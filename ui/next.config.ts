import type { NextConfig } from 'next';
import { HSTS_HEADER, STATIC_SECURITY_HEADERS, servedOverHttps } from './src/lib/security-headers';

// Fixed at build time like the rest of this file's output (routes-manifest).
const httpsSite = servedOverHttps(process.env.WAKAT_SITE_URL, null);

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Separate output directories let several dev servers run from one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // No rewrite of /api/*: src/app/api/[...path]/route.ts forwards the allow-listed public calls only.
  async headers() {
    return [
      // Every answer: pages, the API forwarder, static files and _next/* (the page CSP with its
      // nonce is set per request by src/proxy.ts).
      { source: '/:path*', headers: [...STATIC_SECURITY_HEADERS, ...(httpsSite ? [HSTS_HEADER] : [])] },
      // Behind a TLS-terminating proxy the public origin may be unknown at build time.
      ...(httpsSite ? [] : [{ source: '/:path*', has: [{ type: 'header' as const, key: 'x-forwarded-proto', value: 'https' }], headers: [HSTS_HEADER] }]),
    ];
  },
};

export default nextConfig;
