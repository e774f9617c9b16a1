import type { NextConfig } from 'next';

const apiUrl = (process.env.WAKAT_API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Separate output directories let several dev servers run from one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // The tenant is also needed by browser code (same-origin API calls).
  env: { NEXT_PUBLIC_WAKAT_TENANT: process.env.WAKAT_TENANT || 'it' },
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${apiUrl}/api/:path*` }];
  },
};

export default nextConfig;
