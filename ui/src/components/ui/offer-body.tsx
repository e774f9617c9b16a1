/**
 * The body of an offer as candidates read it: the salaries of the header, the job summary, the
 * skills and the description. One markup for the candidate offer page (`app/job-offer/[slug]`)
 * and the employer's summary (preview) of an offer (features/employer/offer), so the preview
 * shows what candidates will get. Pure markup: works in server and client components.
 */
import type { ReactNode } from 'react';
import type { Translator } from '@/i18n/translate';

/** One line of the header's salaries: the formatted amount (null: undisclosed) and the contract's label. */
export interface SalaryLine {
  key: string;
  amount: string | null;
  contract: string;
  gross: boolean;
}

export function OfferSalaries({ lines, t, testId }: { lines: SalaryLine[]; t: Translator; testId: string }) {
  return (
    <ul className="offer-header__salaries">
      {lines.map((line) => (
        <li key={line.key} data-testid={testId}>
          <strong>{line.amount ?? t('offer.undisclosed')}</strong>{' '}
          <span className="muted">
            {line.contract} ({line.gross ? t('offer.gross') : t('offer.net')})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The job summary: working time, experience, contracts and work mode (labels already resolved); `children` adds entries. */
export function OfferJobSummary({ t, headingId, workingTime, experience, contracts, workMode, children }: { t: Translator; headingId: string; workingTime: string; experience: string; contracts: string; workMode: string; children?: ReactNode }) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('offer.summary')}</h2>
      <dl className="summary">
        <div>
          <dt>{t('offer.workingTime')}</dt>
          <dd>{workingTime}</dd>
        </div>
        <div>
          <dt>{t('offer.experience')}</dt>
          <dd>{experience}</dd>
        </div>
        <div>
          <dt>{t('offer.employmentType')}</dt>
          <dd>{contracts}</dd>
        </div>
        <div>
          <dt>{t('offer.workMode')}</dt>
          <dd>{workMode}</dd>
        </div>
        {children}
      </dl>
    </section>
  );
}

/**
 * Required skills with their level (●●●○○), the nice-to-have ones and the languages (none: no
 * heading). `children` comes between the nice-to-have skills and the languages.
 */
export function OfferSkills({ t, headingId, required, niceToHave, languages, children }: { t: Translator; headingId: string; required: { name: string; level: number }[]; niceToHave: { name: string }[]; languages: { code: string; level: string }[]; children?: ReactNode }) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('offer.requiredSkills')}</h2>
      <ul className="skills skills--large">
        {required.map((skill) => (
          <li key={skill.name}>
            {skill.name}{' '}
            <span className="skill-level" aria-label={`${skill.level}/5`}>
              {'●'.repeat(skill.level)}
              {'○'.repeat(Math.max(0, 5 - skill.level))}
            </span>
          </li>
        ))}
      </ul>
      {niceToHave.length ? (
        <>
          <h3>{t('offer.niceToHave')}</h3>
          <ul className="skills">
            {niceToHave.map((skill) => (
              <li key={skill.name}>{skill.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {children}
      {languages.length ? (
        <>
          <h3>{t('offer.languages')}</h3>
          <ul className="skills">
            {languages.map((language) => (
              <li key={language.code}>
                {language.code.toUpperCase()} · {language.level}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * The description: the remote-interview and Ukraine-friendly badges, then the offer's HTML (sanitised
 * by the API on write); `children` follows it (media, information clause).
 */
export function OfferDescription({ t, headingId, html, remoteInterview, openToHireUkrainians, children }: { t: Translator; headingId: string; html: string; remoteInterview: boolean; openToHireUkrainians: boolean; children?: ReactNode }) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('offer.description')}</h2>
      {remoteInterview || openToHireUkrainians ? (
        <p className="labels">
          {remoteInterview ? <span className="badge">{t('offer.remoteInterview')}</span> : null}
          {openToHireUkrainians ? <span className="badge">{t('offer.ukraineFriendly')}</span> : null}
        </p>
      ) : null}
      <div className="description" dangerouslySetInnerHTML={{ __html: html }} />
      {children}
    </section>
  );
}
