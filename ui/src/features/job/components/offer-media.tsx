import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import type { BannerMedia, VideoMedia } from '../media';
import '../media.css';

/**
 * The offer's banner and video (see `../media.ts`): the banner as an image (or a link when its
 * origin is not allowed by the CSP); the video as a link to the provider's page, so nothing reaches
 * the provider before the reader asks.
 */
export function OfferMedia({ banner, video, company, locale }: { banner: BannerMedia | null; video: VideoMedia | null; company: string; locale: Locale }) {
  if (!banner && !video) return null;
  const t = createTranslator(locale);
  return (
    <div className="offer-media" data-testid="offer-media">
      {banner?.kind === 'image' ? (
        <img className="offer-media__banner" src={banner.src} alt={t('media.banner', { company })} width={960} height={360} loading="lazy" data-testid="offer-banner" />
      ) : banner ? (
        <p>
          <a href={banner.href} rel="nofollow noopener noreferrer" target="_blank" data-testid="offer-banner-link">
            {t('media.bannerLink')}
          </a>
        </p>
      ) : null}
      {video ? (
        <a className="offer-media__video" href={video.href} rel="nofollow noopener noreferrer" target="_blank" data-testid="offer-video">
          <span className="offer-media__play" aria-hidden="true">
            <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="offer-media__text">
            <strong>{t('media.video', { company })}</strong>
            <span>
              {t('media.videoWatch')} · {video.provider ? t('media.videoNote', { provider: video.provider }) : t('media.videoNoteGeneric')}
            </span>
          </span>
        </a>
      ) : null}
    </div>
  );
}
