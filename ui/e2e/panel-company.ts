/**
 * Helpers of the company panel journey: real PNG images made in memory (the API checks images by
 * content) and an invited user who sets a password from the mailed link.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { EMPLOYER_PASSWORD, mailedEmployerLink } from './employer';
import { apiURL, tenant } from './env';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `width`×`height` RGB PNG whose colour at (x, y) is `colour(x, y)`. */
export function png(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set(colour(x, y), start + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A logo: a teal square with a white ring. */
export function logoPng(): Buffer {
  return png(128, 128, (x, y) => {
    const r = Math.hypot(x - 64, y - 64);
    return r > 34 && r < 46 ? [255, 255, 255] : [13, 148, 136];
  });
}

/** A cover photo: a diagonal gradient. */
export function coverPng(): Buffer {
  return png(640, 240, (x, y) => [30 + Math.round((x / 640) * 120), 60 + Math.round((y / 240) * 100), 160]);
}

/** The invited user sets `password` from the invitation mail (through the API). */
export async function acceptInvitation(request: APIRequestContext, email: string, password = EMPLOYER_PASSWORD): Promise<void> {
  const link = new URL(await mailedEmployerLink(request, email, 'employer.invite'), 'http://x');
  const response = await request.patch(`${apiURL}/api/${tenant}/v1/users/confirm`, {
    data: { token: link.searchParams.get('token'), password, password_confirmation: password },
  });
  expect(response.status(), 'the invitation is accepted').toBe(200);
}
