import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getStoryPage, STORIES_PER_PAGE } from '@/features/brands/api/get-brand-story';
import { StoryCard } from '@/features/brands/components/story-card';
import { getTranslator } from '@/i18n/request';
import { siteOrigin } from '@/lib/board-server';
import { formatNumber } from '@/lib/format';
import { paths } from '@/config/paths';
import '@/features/brands/brands.css';

type Props = { searchParams: Promise<{ page?: string | string[] }> };

/** `?page=` as a page number; anything else is no page of this list (404). */
function pageOf(value: string | string[] | undefined): number | null {
  if (value === undefined) return 1;
  if (Array.isArray(value) || !/^[1-9][0-9]{0,3}$/.test(value)) return null;
  return Number(value);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { t } = await getTranslator();
  const page = pageOf((await searchParams).page) ?? 1;
  return {
    title: t('brands.listTitle'),
    description: t('brands.listIntro'),
    alternates: { canonical: `${await siteOrigin()}${paths.brands(page)}` },
  };
}

/**
 * The company list: every published company story, 20 a page (newest first), each card leading to
 * the story's page. Paging is plain links, so it works without JavaScript.
 */
export default async function BrandsPage({ searchParams }: Props) {
  const page = pageOf((await searchParams).page);
  if (page === null) notFound();
  const { locale, t } = await getTranslator();
  const { stories, total } = await getStoryPage(page, locale);
  const pages = Math.max(1, Math.ceil(total / STORIES_PER_PAGE));
  if (page > pages) notFound();

  return (
    <section className="brands-page" aria-labelledby="brands-heading" data-testid="brands-page">
      <nav aria-label={t('offer.breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link href={paths.allOffers()}>{t('nav.allOffers')}</Link>
          </li>
          <li>
            <span aria-current="page">{t('brands.listTitle')}</span>
          </li>
        </ol>
      </nav>
      <h1 id="brands-heading">{t('brands.listTitle')}</h1>
      <p className="muted">{t('brands.listIntro')}</p>
      {stories.length ? (
        <ul className="brands-page__grid" data-testid="brands-list">
          {stories.map((story) => (
            <li key={story.slug}>
              <StoryCard story={story} t={t} showType />
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="brands-empty">{t('brands.listEmpty')}</p>
      )}
      {pages > 1 ? (
        <nav className="brands-page__paging" aria-label={t('brands.paging')} data-testid="brands-paging">
          {page > 1 ? (
            <Link href={paths.brands(page - 1)} rel="prev" data-testid="brands-previous">
              {t('brands.previous')}
            </Link>
          ) : null}
          <span>{t('brands.pageOf', { page: formatNumber(page), pages: formatNumber(pages) })}</span>
          {page < pages ? (
            <Link href={paths.brands(page + 1)} rel="next" data-testid="brands-next">
              {t('brands.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
