'use client';
/** The 17 sections of the offer form, in the spec's order (section 2). */
import { useFieldArray } from 'react-hook-form';
import type { ReactNode } from 'react';
import { CheckboxField, RadioGroup, SelectField, TextArea, TextField } from '@/components/ui/form-field';
import { LogoField } from './logo-field';
import { LocationsField } from './locations-field';
import { SkillsField } from './skills-field';
import { LANGUAGE_NAMES, type SectionProps } from './form-kit';
import { LANGUAGE_LEVELS, MAX_LANGUAGES } from '../schema';

function Section({ number, title, id, children }: { number: number; title: string; id: string; children: ReactNode }) {
  return (
    <fieldset className="offer-section card" aria-labelledby={`${id}-legend`} data-testid={`section-${id}`}>
      <legend id={`${id}-legend`} className="offer-section__legend">
        <span className="offer-section__number" aria-hidden="true">
          {number}.
        </span>{' '}
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

export function CompanySection(props: SectionProps & { onLogoUploaded: () => Promise<string | null> }) {
  const { form, t, inputs, error } = props;
  return (
    <Section number={1} id="company" title={t('employer.offerForm.section.company')}>
      <TextField id="offer-companyName" label={t('employer.offerForm.companyName')} required autoComplete="organization" error={error('companyName')} {...form.register('companyName')} />
      <SelectField
        id="offer-companySize"
        label={t('employer.offerForm.companySize')}
        required
        placeholder={t('employer.offerForm.choose')}
        options={inputs.companySizes.map((size) => ({ value: size, label: size }))}
        error={error('companySize')}
        {...form.register('companySize')}
      />
      <TextField id="offer-companyWebsite" label={t('employer.offerForm.companyWebsite')} required type="url" inputMode="url" hint={t('employer.offerForm.companyWebsiteHint')} error={error('companyWebsite')} {...form.register('companyWebsite')} />
      <LogoField {...props} onUploaded={props.onLogoUploaded} />
    </Section>
  );
}

export function PositionSection({ form, t, inputs, error, titleLocked }: SectionProps & { titleLocked: boolean }) {
  return (
    <Section number={2} id="position" title={t('employer.offerForm.section.position')}>
      <TextField id="offer-jobPositionName" label={t('employer.offerForm.jobPositionName')} required readOnly={titleLocked} error={error('jobPositionName')} {...form.register('jobPositionName')} />
      <SelectField
        id="offer-jobPositionExperience"
        label={t('employer.offerForm.jobPositionExperience')}
        required
        placeholder={t('employer.offerForm.choose')}
        options={inputs.experienceLevels}
        error={error('jobPositionExperience')}
        {...form.register('jobPositionExperience')}
      />
    </Section>
  );
}

export function CategorySection({ form, t, inputs, error }: SectionProps) {
  const category = inputs.categories.find((entry) => entry.key === form.watch('jobCategory'));
  const register = form.register('jobCategory');
  return (
    <Section number={3} id="category" title={t('employer.offerForm.section.category')}>
      <div className="form-row">
        <SelectField
          id="offer-jobCategory"
          label={t('employer.offerForm.jobCategory')}
          required
          placeholder={t('employer.offerForm.choose')}
          options={inputs.categories.map((entry) => ({ value: entry.key, label: entry.label }))}
          error={error('jobCategory')}
          {...register}
          onChange={(event) => {
            void register.onChange(event);
            // Choosing a category clears the subcategory (spec section 4).
            form.setValue('jobSubcategory', '');
          }}
        />
        {category && category.children.length ? (
          <SelectField
            id="offer-jobSubcategory"
            label={t('employer.offerForm.jobSubcategory')}
            required
            placeholder={t('employer.offerForm.choose')}
            options={category.children}
            error={error('jobSubcategory')}
            {...form.register('jobSubcategory')}
          />
        ) : null}
      </div>
    </Section>
  );
}

export function LanguagesSection({ form, t, locale, error }: SectionProps) {
  const rows = useFieldArray({ control: form.control, name: 'languages' });
  const codes = Object.entries(LANGUAGE_NAMES).map(([value, names]) => ({ value, label: names[locale] }));
  return (
    <Section number={4} id="languages" title={t('employer.offerForm.section.languages')}>
      <p className="muted">{t('employer.offerForm.languagesHint')}</p>
      {error('languages') ? <p className="form-field__error">{error('languages')}</p> : null}
      <ol className="language-rows">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="form-row" data-testid="language-row">
            <SelectField id={`language-${index}-code`} label={t('employer.offerForm.language')} placeholder={t('employer.offerForm.choose')} options={codes} error={error(`languages.${index}`)} {...form.register(`languages.${index}.code`)} />
            <SelectField
              id={`language-${index}-level`}
              label={t('employer.offerForm.languageLevel')}
              placeholder={t('employer.offerForm.choose')}
              options={LANGUAGE_LEVELS.map((level) => ({ value: level, label: level }))}
              {...form.register(`languages.${index}.level`)}
            />
            <button type="button" className="button button--small" onClick={() => rows.remove(index)}>
              {t('employer.offerForm.remove')}
            </button>
          </li>
        ))}
      </ol>
      {rows.fields.length < MAX_LANGUAGES ? (
        <button type="button" className="button button--small" onClick={() => rows.append({ code: '', level: '' })} data-testid="add-language">
          {t('employer.offerForm.addLanguage')}
        </button>
      ) : null}
    </Section>
  );
}

export function SkillsSection(props: SectionProps) {
  return (
    <Section number={5} id="skills" title={props.t('employer.offerForm.section.skills')}>
      <SkillsField {...props} />
    </Section>
  );
}

export function TechStackSection({ t, form }: SectionProps) {
  const names = [...form.watch('requiredSkills'), ...form.watch('optionalSkills')].map((skill) => skill.name).filter(Boolean);
  return (
    <Section number={6} id="tech-stack" title={t('employer.offerForm.section.techStack')}>
      <p className="muted">{t('employer.offerForm.techStackHint')}</p>
      {names.length ? (
        <ul className="skills">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function SalaryBlock({ form, t, inputs, error, prefix }: SectionProps & { prefix: 'primary' | 'additional' }) {
  const kind = form.watch(`${prefix}EmploymentType`);
  return (
    <div className="salary-block" data-testid={`salary-${prefix}`}>
      <h3>{t(prefix === 'primary' ? 'employer.offerForm.primaryBlock' : 'employer.offerForm.additionalBlock')}</h3>
      <div className="form-row">
        <SelectField
          id={`offer-${prefix}EmploymentType`}
          label={t('employer.offerForm.employmentType')}
          required
          placeholder={t('employer.offerForm.choose')}
          options={inputs.employmentTypes}
          error={error(`${prefix}EmploymentType`)}
          {...form.register(`${prefix}EmploymentType`)}
        />
        <SelectField
          id={`offer-${prefix}SalaryType`}
          label={t('employer.offerForm.salaryType')}
          required={kind === 'any' || prefix === 'additional'}
          placeholder={kind === 'any' || prefix === 'additional' ? t('employer.offerForm.choose') : t('employer.offerForm.defaultType')}
          options={[
            { value: 'gross', label: t('employer.offerForm.gross') },
            { value: 'net', label: t('employer.offerForm.net') },
          ]}
          error={error(`${prefix}SalaryType`)}
          {...form.register(`${prefix}SalaryType`)}
        />
      </div>
      <div className="form-row">
        <TextField id={`offer-${prefix}SalaryFrom`} label={t('employer.offerForm.salaryFrom')} inputMode="decimal" error={error(`${prefix}SalaryFrom`)} {...form.register(`${prefix}SalaryFrom`)} />
        <TextField id={`offer-${prefix}SalaryTo`} label={t('employer.offerForm.salaryTo')} inputMode="decimal" error={error(`${prefix}SalaryTo`)} {...form.register(`${prefix}SalaryTo`)} />
      </div>
    </div>
  );
}

export function SalarySection(props: SectionProps) {
  const { form, t, inputs, error } = props;
  const second = form.watch('secondSalaryActive');
  return (
    <Section number={7} id="salary" title={t('employer.offerForm.section.salary')}>
      <div className="form-row">
        <SelectField id="offer-salaryCurrency" label={t('employer.offerForm.salaryCurrency')} required options={inputs.currencies} error={error('salaryCurrency')} {...form.register('salaryCurrency')} />
        <SelectField id="offer-salaryUnit" label={t('employer.offerForm.salaryUnit')} required options={inputs.salaryUnits} error={error('salaryUnit')} {...form.register('salaryUnit')} />
      </div>
      <p className="muted">{t('employer.offerForm.salaryHint')}</p>
      <SalaryBlock {...props} prefix="primary" />
      {second ? <SalaryBlock {...props} prefix="additional" /> : null}
      <button type="button" className="button button--small" onClick={() => form.setValue('secondSalaryActive', !second, { shouldDirty: true })} data-testid="toggle-second-salary">
        {t(second ? 'employer.offerForm.removeSecondSalary' : 'employer.offerForm.addSecondSalary')}
      </button>
    </Section>
  );
}

export function DescriptionSection({ form, t, error, graphics }: SectionProps) {
  const addImage = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || file.type !== 'image/jpeg') {
      form.setError('jobDescription', { type: 'client', message: 'invalid_image' });
      return;
    }
    const data = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
    const current = form.getValues('jobDescription');
    form.setValue('jobDescription', `${current}\n<p><img src="${data}" alt=""></p>`, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Section number={8} id="description" title={t('employer.offerForm.section.description')}>
      <TextArea id="offer-jobDescription" label={t('employer.offerForm.jobDescription')} required rows={12} hint={t('employer.offerForm.descriptionHint')} error={error('jobDescription')} {...form.register('jobDescription')} />
      {/* A plan sells what it enforces: without graphics the server refuses an image, so none is offered. */}
      {graphics ? (
        <label className="button button--small" data-testid="description-add-image">
          {t('employer.offerForm.addImage')}
          <input type="file" accept="image/jpeg" className="visually-hidden" onChange={addImage} />
        </label>
      ) : null}
    </Section>
  );
}

export function LocationsSection(props: SectionProps) {
  return (
    <Section number={9} id="locations" title={props.t('employer.offerForm.section.locations')}>
      <LocationsField {...props} />
    </Section>
  );
}

export function WorkingPlaceSection({ form, t, inputs, error }: SectionProps) {
  return (
    <Section number={10} id="working-place" title={t('employer.offerForm.section.workingPlace')}>
      <RadioGroup name="workingPlace" legend={t('employer.offerForm.workingPlace')} required options={inputs.remoteWorkOptions} error={error('workingPlace')} register={form.register('workingPlace')} testId="working-place" />
    </Section>
  );
}

export function WorkingTimeSection({ form, t, inputs, error }: SectionProps) {
  return (
    <Section number={11} id="working-time" title={t('employer.offerForm.section.workingTime')}>
      <RadioGroup name="workingTime" legend={t('employer.offerForm.workingTime')} required options={inputs.fulltimeParttimeOptions} error={error('workingTime')} register={form.register('workingTime')} testId="working-time" />
    </Section>
  );
}

export function RemoteInterviewSection({ form, t }: SectionProps) {
  return (
    <Section number={12} id="remote-interview" title={t('employer.offerForm.section.remoteInterview')}>
      <CheckboxField id="offer-remoteInterview" label={t('employer.offerForm.remoteInterview')} {...form.register('remoteInterview')} />
    </Section>
  );
}

export function UkrainiansSection({ form, t }: SectionProps) {
  return (
    <Section number={13} id="ukrainians" title={t('employer.offerForm.section.ukrainians')}>
      <CheckboxField id="offer-openToHireUkrainians" label={t('employer.offerForm.ukrainians')} {...form.register('openToHireUkrainians')} />
    </Section>
  );
}

export function ApplicationSection({ form, t, error }: SectionProps) {
  const register = form.register('applicationType');
  return (
    <Section number={14} id="application" title={t('employer.offerForm.section.application')}>
      <RadioGroup
        name="applicationType"
        legend={t('employer.offerForm.applicationType')}
        required
        options={[
          { value: 'email', label: t('employer.offerForm.applicationEmail') },
          { value: 'url', label: t('employer.offerForm.applicationUrl') },
        ]}
        error={error('applicationType')}
        register={{
          ...register,
          onChange: async (event) => {
            await register.onChange(event);
            // Changing the application type clears the URI (spec section 4).
            form.setValue('applicationTypeUri', '');
          },
        }}
        testId="application-type"
      />
      <TextField id="offer-applicationTypeUri" label={t('employer.offerForm.applicationTypeUri')} required error={error('applicationTypeUri')} {...form.register('applicationTypeUri')} />
    </Section>
  );
}

export function ConsentsSection({ form, t, error }: SectionProps) {
  const future = form.watch('futureConsentEnabled');
  const custom = form.watch('customConsentEnabled');
  // Turning the future-recruitments consent on starts from the board's default wording (with
  // `{company}`, which publishing replaces), never from an empty required box.
  const futureToggle = form.register('futureConsentEnabled');
  return (
    <Section number={15} id="consents" title={t('employer.offerForm.section.consents')}>
      <TextArea id="offer-informationClauseText" label={t('employer.offerForm.informationClauseText')} required rows={4} hint={t('employer.offerForm.clauseHint')} error={error('informationClauseText')} {...form.register('informationClauseText')} />
      <CheckboxField
        id="offer-futureConsentEnabled"
        label={t('employer.offerForm.futureConsentEnabled')}
        {...futureToggle}
        onChange={(event) => {
          void futureToggle.onChange(event);
          if (event.target.checked && !form.getValues('futureConsentText').trim()) form.setValue('futureConsentText', t('employer.offerForm.futureConsentTemplate'), { shouldDirty: true });
        }}
      />
      {future ? <TextArea id="offer-futureConsentText" label={t('employer.offerForm.futureConsentText')} required rows={3} hint={t('employer.offerForm.consentHint')} error={error('futureConsentText')} {...form.register('futureConsentText')} /> : null}
      <CheckboxField id="offer-customConsentEnabled" label={t('employer.offerForm.customConsentEnabled')} {...form.register('customConsentEnabled')} />
      {custom ? <TextArea id="offer-customConsentText" label={t('employer.offerForm.customConsentText')} required rows={3} hint={t('employer.offerForm.consentHint')} error={error('customConsentText')} {...form.register('customConsentText')} /> : null}
    </Section>
  );
}

export function ExpirySection({ form, t, error, limits }: SectionProps) {
  const enabled = form.watch('expiredAtEnabled');
  return (
    <Section number={16} id="expiry" title={t('employer.offerForm.section.expiry')}>
      <CheckboxField id="offer-expiredAtEnabled" label={t('employer.offerForm.expiredAtEnabled')} {...form.register('expiredAtEnabled')} />
      {enabled ? <TextField id="offer-expiredAt" type="date" label={t('employer.offerForm.expiredAt')} required hint={t('employer.offerForm.expiryHint', { days: limits.durationInDays })} error={error('expiredAt')} {...form.register('expiredAt')} /> : null}
    </Section>
  );
}

export function ContactSection({ form, t, error }: SectionProps) {
  return (
    <Section number={17} id="contact" title={t('employer.offerForm.section.contact')}>
      <TextField id="offer-contactName" label={t('employer.offerForm.contactName')} required autoComplete="name" error={error('contactName')} {...form.register('contactName')} />
      <div className="form-row">
        <TextField id="offer-contactEmail" label={t('employer.offerForm.contactEmail')} required type="email" autoComplete="email" error={error('contactEmail')} {...form.register('contactEmail')} />
        <TextField id="offer-contactPhone" label={t('employer.offerForm.contactPhone')} type="tel" autoComplete="tel" error={error('contactPhone')} {...form.register('contactPhone')} />
      </div>
    </Section>
  );
}
