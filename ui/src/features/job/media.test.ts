import { describe, expect, it } from 'vitest';
import { bannerMedia, videoMedia } from './media';

describe('bannerMedia', () => {
  it('shows same-origin banners as images', () => {
    expect(bannerMedia('/api/it/v1/images/cover/lynx-tech.svg')).toEqual({ kind: 'image', src: '/api/it/v1/images/cover/lynx-tech.svg' });
  });

  it('shows other origins as images only when the CSP allows them, else as links', () => {
    expect(bannerMedia('https://cdn.example.com/b.png', ['https://cdn.example.com'])).toEqual({ kind: 'image', src: 'https://cdn.example.com/b.png' });
    expect(bannerMedia('https://cdn.example.com/b.png')).toEqual({ kind: 'link', href: 'https://cdn.example.com/b.png' });
  });

  it('refuses other schemes and protocol-relative tricks', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.example/b.png', '/\\evil.example/b.png', '/a b.png', 'ftp://x/y.png', '', '   ', null, undefined]) {
      expect(bannerMedia(bad), String(bad)).toBeNull();
    }
  });
});

describe('videoMedia', () => {
  it('links http(s) videos and names known providers', () => {
    expect(videoMedia('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toEqual({ href: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', provider: 'YouTube' });
    expect(videoMedia('https://youtu.be/aqz-KE-bpKQ')?.provider).toBe('YouTube');
    expect(videoMedia('https://vimeo.com/1')?.provider).toBe('Vimeo');
    expect(videoMedia('https://video.example/x.mp4')).toEqual({ href: 'https://video.example/x.mp4', provider: null });
    expect(videoMedia('https://notyoutube.com/x')?.provider).toBeNull();
  });

  it('refuses anything else', () => {
    expect(videoMedia('javascript:alert(1)')).toBeNull();
    expect(videoMedia('/relative.mp4')).toBeNull();
    expect(videoMedia(null)).toBeNull();
  });
});
