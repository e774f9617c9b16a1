/** While the ranked list loads (it is computed for the offer on each visit): placeholder cards. */
import { getTranslator } from '@/i18n/request';
import '@/features/employer/candidates/candidates.css';

export default async function OfferCandidatesLoading() {
  const { t } = await getTranslator();
  return (
    <section className="candidates" aria-busy="true" data-testid="candidates-loading">
      <h1>{t('employerCandidates.title')}</h1>
      <p role="status">{t('employerCandidates.loading')}</p>
      <ol className="candidates-list" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <div className="candidate-card candidate-card--placeholder" />
          </li>
        ))}
      </ol>
    </section>
  );
}
