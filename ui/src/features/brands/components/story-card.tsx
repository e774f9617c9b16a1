/** A company story's card: the homepage carousel and the company list show the same one. */
import Link from 'next/link';
import { paths } from '@/config/paths';
import type { Translator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { BrandStory } from '@/lib/types';
import { companyTypeKey } from '../rules';

export function StoryCard({ story, t, showType = false }: { story: BrandStory; t: Translator; showType?: boolean }) {
  return (
    <article className="story-card" data-testid="story-card">
      {story.coverPhotoUrl ? <img className="story-card__cover" src={story.coverPhotoUrl} alt="" width={320} height={120} loading="lazy" /> : null}
      <div className="story-card__body">
        <img className="story-card__logo" src={story.logoUrl} alt="" width={48} height={48} loading="lazy" />
        <h3>
          <Link href={paths.brandStory(story.slug)}>{story.name}</Link>
        </h3>
        {showType ? <p className="story-card__type muted">{t(companyTypeKey(story.type))}</p> : null}
        {story.shortDescription ? <p className="story-card__text">{story.shortDescription}</p> : null}
        <p className="muted">{t('home.storyOffers', { count: story.offersCount, n: formatNumber(story.offersCount) })}</p>
      </div>
    </article>
  );
}
