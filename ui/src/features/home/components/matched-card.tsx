/** A "matched for you" slide: the offer's card with its match score, what matched or is missing, and the conversation with its employer when there is one. */
import Link from 'next/link';
import { OfferCard } from '@/components/ui/offer-card';
import { createTranslator } from '@/i18n/translate';
import type { MatchedOffer } from '@/lib/candidate';
import type { Locale } from '@/lib/types';

export function MatchedCard({ match, locale }: { match: MatchedOffer; locale: Locale }) {
  const t = createTranslator(locale);
  return (
    <div className="matched-card" data-testid="matched-card">
      <OfferCard offer={match.offer} locale={locale} />
      <p className="matched-card__score">
        <span className="matched-card__percent">{t('matched.percent', { n: Math.round(match.matchPercent) })}</span>
        {match.matched.length ? <span className="muted"> · {t('matched.matched', { list: match.matched.map((item) => item.label).join(', ') })}</span> : null}
        {match.missed.length ? <span className="muted"> · {t('matched.missed', { list: match.missed.map((item) => item.label).join(', ') })}</span> : null}
      </p>
      {/* Only a path of this app: the widget opens `?chat={id}` on any page. */}
      {match.conversationLink && match.conversationLink.startsWith('/') && !match.conversationLink.startsWith('//') ? (
        <Link className="matched-card__chat" href={match.conversationLink} data-testid="matched-conversation">
          {t('matched.conversation')}
        </Link>
      ) : null}
    </div>
  );
}
