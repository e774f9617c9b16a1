'use client';
/**
 * The summary (preview) of spec section 2, from the API's summary entity (built from the same
 * mapped offer candidates get): the card (logo, company, title, contracts, location "+N more"),
 * the job summary, skills, tech stack, description, the consents as disabled ticked boxes and the
 * locations with their map. It uses the candidate offer page's classes and salary formatting.
 */
import { OfferLocationMap } from '@/features/map/components/offer-location-map';
import { createTranslator } from '@/i18n/translate';
import { formatSalary } from '@/lib/format';
import type { EmploymentType, Locale } from '@/lib/types';
import type { FormInputs, OfferSummary as Summary } from '../types';

const label = (options: { value: string; label: string }[], value: string) => options.find((option) => option.value === value)?.label ?? value;

export function OfferSummaryView({ summary, inputs, locale }: { summary: Summary; inputs: FormInputs; locale: Locale }) {
  const t = createTranslator(locale);
  const [first, ...others] = summary.locations;
  const contracts = summary.employmentTypes.map((entry) => label(inputs.employmentTypes, entry.type)).join(', ');
  const category = inputs.categories.flatMap((root) => [{ key: root.key, label: root.label }, ...root.children.map((child) => ({ key: child.value, label: `${root.label} · ${child.label}` }))]).find((entry) => entry.key === summary.categoryKey);
  const consent = (id: string, text: string | null) =>
    text ? (
      <label className="checkbox" htmlFor={id}>
        <input id={id} type="checkbox" checked disabled readOnly />
        <span>{text}</span>
      </label>
    ) : null;
  return (
    <article className="offer-summary" data-testid="offer-summary">
      <header className="offer-header card">
        {summary.companyLogoUrl ? <img src={summary.companyLogoUrl} alt="" width={72} height={72} className="offer-header__logo" data-testid="summary-logo" /> : <span />}
        <div>
          <h2 data-testid="summary-title">{summary.title}</h2>
          <p className="offer-header__company">{summary.companyName}</p>
          {first ? (
            <p data-testid="summary-location">
              {[first.street, first.city].filter(Boolean).join(', ')}
              {others.length ? <span className="badge">{t('employer.summary.moreLocations', { count: others.length })}</span> : null}
            </p>
          ) : null}
          <p className="muted">{contracts}</p>
        </div>
        <ul className="offer-header__salaries">
          {summary.employmentTypes.map((entry, index) => (
            <li key={`${entry.type}-${index}`} data-testid="summary-salary">
              <strong>{formatSalary({ ...entry, label: '' } as EmploymentType, locale) ?? t('offer.undisclosed')}</strong>{' '}
              <span className="muted">
                {label(inputs.employmentTypes, entry.type)} ({entry.gross ? t('offer.gross') : t('offer.net')})
              </span>
            </li>
          ))}
        </ul>
      </header>
      <section className="card" aria-labelledby="summary-job-heading">
        <h2 id="summary-job-heading">{t('offer.summary')}</h2>
        <dl className="summary">
          <div>
            <dt>{t('offer.workingTime')}</dt>
            <dd>{label(inputs.fulltimeParttimeOptions, summary.workingTime)}</dd>
          </div>
          <div>
            <dt>{t('offer.experience')}</dt>
            <dd>{label(inputs.experienceLevels, summary.experienceLevel)}</dd>
          </div>
          <div>
            <dt>{t('offer.employmentType')}</dt>
            <dd>{contracts}</dd>
          </div>
          <div>
            <dt>{t('offer.workMode')}</dt>
            <dd>{label(inputs.remoteWorkOptions, summary.workplaceType)}</dd>
          </div>
          {category ? (
            <div>
              <dt>{t('employer.offerForm.jobCategory')}</dt>
              <dd>{category.label}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="card" aria-labelledby="summary-skills-heading">
        <h2 id="summary-skills-heading">{t('offer.requiredSkills')}</h2>
        <ul className="skills skills--large">
          {summary.requiredSkills.map((skill) => (
            <li key={skill.name}>
              {skill.name}{' '}
              <span className="skill-level" aria-label={`${skill.level}/5`}>
                {'●'.repeat(skill.level)}
                {'○'.repeat(Math.max(0, 5 - skill.level))}
              </span>
            </li>
          ))}
        </ul>
        {summary.optionalSkills.length ? (
          <>
            <h3>{t('offer.niceToHave')}</h3>
            <ul className="skills">
              {summary.optionalSkills.map((skill) => (
                <li key={skill.name}>{skill.name}</li>
              ))}
            </ul>
          </>
        ) : null}
        <h3>{t('employer.offerForm.section.techStack')}</h3>
        <ul className="skills">
          {[...summary.requiredSkills, ...summary.optionalSkills].map((skill) => (
            <li key={`stack-${skill.name}`}>{skill.name}</li>
          ))}
        </ul>
        {summary.languages.length ? (
          <>
            <h3>{t('offer.languages')}</h3>
            <ul className="skills">
              {summary.languages.map((language) => (
                <li key={language.code}>
                  {language.code.toUpperCase()} · {language.level}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section className="card" aria-labelledby="summary-description-heading">
        <h2 id="summary-description-heading">{t('offer.description')}</h2>
        {summary.remoteInterview || summary.openToHireUkrainians ? (
          <p className="labels">
            {summary.remoteInterview ? <span className="badge">{t('offer.remoteInterview')}</span> : null}
            {summary.openToHireUkrainians ? <span className="badge">{t('offer.ukraineFriendly')}</span> : null}
          </p>
        ) : null}
        {/* Sanitised by the API on write (the same HTML candidates get). */}
        <div className="description" dangerouslySetInnerHTML={{ __html: summary.description }} />
      </section>
      <section className="card" aria-labelledby="summary-consents-heading">
        <h2 id="summary-consents-heading">{t('employer.offerForm.section.consents')}</h2>
        <div className="stack-form">
          {consent('summary-clause', summary.consents.informationClause)}
          {summary.consents.futureConsentEnabled ? consent('summary-future', summary.consents.futureConsent) : null}
          {summary.consents.customConsentEnabled ? consent('summary-custom', summary.consents.customConsent) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="summary-locations-heading">
        <h2 id="summary-locations-heading">{t('employer.offerForm.section.locations')}</h2>
        <ul className="pills">
          {summary.locations.map((location, index) => (
            <li key={`${location.city}-${index}`} className="pill">
              {[location.street, location.city].filter(Boolean).join(', ')}
            </li>
          ))}
        </ul>
        <OfferLocationMap locations={summary.locations.map((location, index) => ({ slug: `summary-${index}`, ...location }))} current="summary-0" locale={locale} />
      </section>
    </article>
  );
}
