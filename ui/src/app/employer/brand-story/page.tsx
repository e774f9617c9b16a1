/**
 * `/employer/brand-story`: the company's brand story (`GET …/brand-stories/data/{slug}`, a bodyless
 * 404 meaning none yet; `PUT …/brand-stories/{slug}`), its status and the technologies list.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { storySlugOf } from '@/features/employer/company/schemas';
import { StoryForm } from '@/features/employer/company/story-form';
import type { CompanyInfo, StoryData } from '@/features/employer/company/types';
import { getTranslator } from '@/i18n/request';
import { ApiError } from '@/lib/api-client';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { paths } from '@/config/paths';
import '@/features/employer/company/company.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerCompany.story.title') };
}

/** The story under `slug`, or null for the API's bodyless 404 ("absent"); other failures throw. */
async function storyOf(slug: string | null): Promise<StoryData | null> {
  if (!slug) return null;
  try {
    return await employerServerGet<StoryData>(`/v2/employer-panel/brand-stories/data/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return null;
    throw error;
  }
}

export default async function EmployerBrandStoryPage() {
  await requireEmployer(employerPaths.brandStory());
  const { locale, t } = await getTranslator();
  const [company, technologies] = await Promise.all([
    employerServerGet<CompanyInfo>('/v1/company'),
    employerServerGet<{ data: { id: string; name: string }[] }>('/v2/employer-panel/brand-stories/technologies'),
  ]);
  const story = await storyOf(company.brandStorySlug);
  const status = story ? (story.published ? 'published' : 'draft') : 'absent';
  return (
    <section aria-labelledby="panel-heading" className="panel-page" data-testid="employer-brand-story">
      <h1 id="panel-heading">{t('employerCompany.story.title')}</h1>
      <p className="muted">{t('employerCompany.story.intro')}</p>
      <p data-testid="story-status" data-status={status}>
        {t('employerCompany.story.status', { status: t(`employerCompany.story.status.${status}`) })}
        {story?.published ? (
          <>
            {' · '}
            <Link href={paths.brandStory(story.slug)} data-testid="story-public-link">
              {t('employerCompany.story.view')}
            </Link>
          </>
        ) : null}
      </p>
      <StoryForm locale={locale} story={story} proposedSlug={storySlugOf(company.companyName)} technologies={technologies.data.map((tech) => tech.name)} />
    </section>
  );
}
