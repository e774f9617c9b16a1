'use client';
/**
 * The summary (preview) of spec section 2, from the API's summary entity (built from the same
 * mapped offer candidates get): the card (logo, company, title, contracts, location "+N more"),
 * the job summary, skills, tech stack, description, the consents as disabled ticked boxes and the
 * locations with their map. The salaries, job summary, skills and description are the candidate
 * offer page's own markup (components/ui/offer-body).
 */
import { OfferDescription, OfferJobSummary, OfferSalaries, OfferSkills } from '@/components/ui/offer-body';
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
        <OfferSalaries
          t={t}
          testId="summary-salary"
          lines={summary.employmentTypes.map((entry, index) => ({
            key: `${entry.type}-${index}`,
            amount: formatSalary({ ...entry, label: '' } as EmploymentType, locale),
            contract: label(inputs.employmentTypes, entry.type),
            gross: entry.gross,
          }))}
        />
      </header>
      <OfferJobSummary
        t={t}
        headingId="summary-job-heading"
        workingTime={label(inputs.fulltimeParttimeOptions, summary.workingTime)}
        experience={label(inputs.experienceLevels, summary.experienceLevel)}
        contracts={contracts}
        workMode={label(inputs.remoteWorkOptions, summary.workplaceType)}
      >
        {category ? (
          <div>
            <dt>{t('employer.offerForm.jobCategory')}</dt>
            <dd>{category.label}</dd>
          </div>
        ) : null}
      </OfferJobSummary>
      <OfferSkills t={t} headingId="summary-skills-heading" required={summary.requiredSkills} niceToHave={summary.optionalSkills} languages={summary.languages}>
        <h3>{t('employer.offerForm.section.techStack')}</h3>
        <ul className="skills">
          {[...summary.requiredSkills, ...summary.optionalSkills].map((skill) => (
            <li key={`stack-${skill.name}`}>{skill.name}</li>
          ))}
        </ul>
      </OfferSkills>
      {/* Sanitised by the API on write (the same HTML candidates get). */}
      <OfferDescription t={t} headingId="summary-description-heading" html={summary.description} remoteInterview={summary.remoteInterview} openToHireUkrainians={summary.openToHireUkrainians} />
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
