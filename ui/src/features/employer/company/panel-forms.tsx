'use client';
/**
 * The employer panel's own forms: profile, company data with its logo, billing data and the
 * default clauses of new offers. react-hook-form + zod for what the browser can check; the API's
 * `{code, field}` errors land on their field with `employer.errors.{code}`.
 */
import { useRouter } from 'next/navigation';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField, FieldChrome, FormMessage, SelectField, TextArea, TextField } from '@/components/ui/form-field';
import { createTranslator, type Translator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerWrite } from '@/features/employer/session/client';
import type { Locale } from '@/lib/types';
import { employerErrorText, showEmployerServerError } from '../account/errors';
import {
  billingSchema,
  BILLING_FIELDS,
  clausesSchema,
  CLAUSES_FIELDS,
  companySchema,
  COMPANY_FIELDS,
  APPLICATIONS_NOTIFY,
  profileSchema,
  PROFILE_FIELDS,
  type BillingValues,
  type ClausesValues,
  type CompanyValues,
  type ProfileValues,
} from './schemas';
import { COMPANY_SIZES, type Billing, type Clauses, type CompanyInfo, type Profile } from './types';

/** The form-level error and the "saved" note above a form's fields. */
export function FormStatus<T extends FieldValues>({ form, saved, t }: { form: UseFormReturn<T>; saved: boolean; t: Translator }): ReactNode {
  const formError = employerErrorText(t, form.formState.errors.root?.server);
  if (formError) {
    return (
      <FormMessage kind="error" testId="form-error">
        {formError}
      </FormMessage>
    );
  }
  return saved ? (
    <FormMessage kind="success" testId="form-saved">
      {t('employerCompany.saved')}
    </FormMessage>
  ) : null;
}

export function ProfileForm({ locale, profile }: { locale: Locale; profile: Profile }) {
  const t = createTranslator(locale);
  const [saved, setSaved] = useState(false);
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: { name: profile.name, phone: profile.phone, applicationsNotify: profile.applicationsNotify }, mode: 'onTouched' });
  const error = (name: keyof ProfileValues) => employerErrorText(t, form.formState.errors[name]);
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await employerWrite('PATCH', '/v1/profiles/me', { name: values.name.trim(), phone: values.phone.trim(), applicationsNotify: values.applicationsNotify });
      setSaved(true);
    } catch (failure) {
      showEmployerServerError(form, failure, PROFILE_FIELDS);
    }
  });
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <FormStatus form={form} saved={saved} t={t} />
      <TextField id="profile-email" label={t('employerCompany.field.email')} value={profile.email} readOnly />
      <TextField id="profile-name" label={t('employerCompany.field.name')} autoComplete="name" required error={error('name')} {...form.register('name')} />
      <TextField
        id="profile-phone"
        label={
          <>
            {t('employerCompany.field.phone')} <span className="muted">{t('employerCompany.field.optional')}</span>
          </>
        }
        type="tel"
        autoComplete="tel"
        error={error('phone')}
        {...form.register('phone')}
      />
      <SelectField
        id="profile-applications-notify"
        label={t('employerCompany.field.applicationsNotify')}
        options={APPLICATIONS_NOTIFY.map((notify) => ({ value: notify, label: t(`employerCompany.notify.${notify}`) }))}
        error={error('applicationsNotify')}
        {...form.register('applicationsNotify')}
      />
      <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="profile-submit">
        {t('employerCompany.save')}
      </button>
    </form>
  );
}

/** A file field outside react-hook-form (its bytes go in the multipart body as they are). */
export function FileField({ id, label, error, multiple, inputRef }: { id: string; label: ReactNode; error: string | null; multiple?: boolean; inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <FieldChrome id={id} label={label} error={error}>
      <input id={id} ref={inputRef} type="file" accept="image/jpeg,image/png" multiple={multiple} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
    </FieldChrome>
  );
}

/** The code of a failed write when it names `field` (a file field), else null. */
export function fileErrorOf(failure: unknown, fields: readonly string[]): string | null {
  return failure instanceof ApiError && failure.field && fields.includes(failure.field) ? failure.code : null;
}

export function CompanyForm({ locale, company }: { locale: Locale; company: CompanyInfo }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const logo = useRef<HTMLInputElement>(null);
  const form = useForm<CompanyValues>({
    resolver: zodResolver(companySchema),
    defaultValues: { companyName: company.companyName, companySize: company.companySize, companyWebsite: company.companyWebsite },
    mode: 'onTouched',
  });
  const error = (name: keyof CompanyValues) => employerErrorText(t, form.formState.errors[name]);
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    setLogoError(null);
    const body = new FormData();
    body.set('companyName', values.companyName.trim());
    body.set('companySize', values.companySize);
    body.set('companyWebsite', values.companyWebsite.trim());
    const file = logo.current?.files?.[0];
    if (file) body.set('companyLogo', file);
    try {
      await employerWrite('POST', '/v1/company/company_data', body);
      setSaved(true);
      if (logo.current) logo.current.value = '';
      router.refresh();
    } catch (failure) {
      const code = fileErrorOf(failure, ['companyLogo']);
      if (code) setLogoError(code);
      else showEmployerServerError(form, failure, COMPANY_FIELDS);
    }
  });
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="company-form">
      <FormStatus form={form} saved={saved} t={t} />
      <TextField id="company-name" label={t('employerCompany.field.companyName')} autoComplete="organization" required error={error('companyName')} {...form.register('companyName')} />
      <SelectField
        id="company-size"
        label={t('employerCompany.field.companySize')}
        required
        placeholder={t('employerCompany.company.chooseSize')}
        options={COMPANY_SIZES.map((size) => ({ value: size, label: size }))}
        error={error('companySize')}
        {...form.register('companySize')}
      />
      <TextField id="company-website" label={t('employerCompany.field.companyWebsite')} type="url" placeholder="https://" required error={error('companyWebsite')} {...form.register('companyWebsite')} />
      {company.companyLogo ? (
        <figure className="panel-logo">
          <img src={company.companyLogo} alt={t('employerCompany.company.currentLogo')} width={96} height={96} data-testid="company-logo" />
        </figure>
      ) : null}
      <FileField id="company-logo-file" label={t('employerCompany.field.companyLogo')} error={logoError ? employerErrorText(t, { message: logoError }) : null} inputRef={logo} />
      <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="company-submit">
        {t('employerCompany.save')}
      </button>
    </form>
  );
}

const EMPTY_BILLING: Billing = { companyName: '', taxId: '', street: '', streetNumber: '', postalCode: '', city: '', country: 'PL' };

export function BillingForm({ locale, billing }: { locale: Locale; billing: Billing | null }) {
  const t = createTranslator(locale);
  const [saved, setSaved] = useState(false);
  const form = useForm<BillingValues>({ resolver: zodResolver(billingSchema), defaultValues: billing ?? EMPTY_BILLING, mode: 'onTouched' });
  const error = (name: keyof BillingValues) => employerErrorText(t, form.formState.errors[name]);
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const answer = await employerWrite<CompanyInfo>('PATCH', '/v2/employer-panel/company/billing-data', values);
      if (answer?.billingData) form.reset(answer.billingData);
      setSaved(true);
    } catch (failure) {
      showEmployerServerError(form, failure, BILLING_FIELDS);
    }
  });
  const field = (name: keyof BillingValues, label: Parameters<Translator>[0], extra: { autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <TextField id={`billing-${name}`} label={t(label)} required={name !== 'country'} error={error(name)} {...extra} {...form.register(name)} />
  );
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="billing-form">
      <FormStatus form={form} saved={saved} t={t} />
      {field('companyName', 'employerCompany.field.billingCompanyName', { autoComplete: 'organization' })}
      {field('taxId', 'employerCompany.field.taxId', { inputMode: 'numeric' })}
      {field('street', 'employerCompany.field.street', { autoComplete: 'address-line1' })}
      {field('streetNumber', 'employerCompany.field.streetNumber')}
      {field('postalCode', 'employerCompany.field.postalCode', { autoComplete: 'postal-code' })}
      {field('city', 'employerCompany.field.city', { autoComplete: 'address-level2' })}
      {field('country', 'employerCompany.field.country', { autoComplete: 'country' })}
      <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="billing-submit">
        {t('employerCompany.save')}
      </button>
    </form>
  );
}

const EMPTY_CLAUSES: Clauses = { informationClauseText: '', futureConsentEnabled: false, futureConsentText: '', customConsentEnabled: false, customConsentText: '' };

export function ClausesForm({ locale, clauses }: { locale: Locale; clauses: Clauses | null }) {
  const t = createTranslator(locale);
  const [saved, setSaved] = useState(false);
  const form = useForm<ClausesValues>({ resolver: zodResolver(clausesSchema), defaultValues: clauses ?? EMPTY_CLAUSES, mode: 'onTouched' });
  const error = (name: keyof ClausesValues) => employerErrorText(t, form.formState.errors[name]);
  const [future, custom] = form.watch(['futureConsentEnabled', 'customConsentEnabled']);
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await employerWrite('PATCH', '/v2/employer-panel/company/clauses', values);
      setSaved(true);
    } catch (failure) {
      showEmployerServerError(form, failure, CLAUSES_FIELDS);
    }
  });
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="clauses-form">
      <FormStatus form={form} saved={saved} t={t} />
      <TextArea id="clauses-information" label={t('employerCompany.field.informationClause')} rows={5} required error={error('informationClauseText')} {...form.register('informationClauseText')} />
      <CheckboxField id="clauses-future-enabled" label={t('employerCompany.field.futureConsentEnabled')} {...form.register('futureConsentEnabled')} />
      {future ? <TextArea id="clauses-future" label={t('employerCompany.field.futureConsentText')} rows={3} required error={error('futureConsentText')} {...form.register('futureConsentText')} /> : null}
      <CheckboxField id="clauses-custom-enabled" label={t('employerCompany.field.customConsentEnabled')} {...form.register('customConsentEnabled')} />
      {custom ? <TextArea id="clauses-custom" label={t('employerCompany.field.customConsentText')} rows={3} required error={error('customConsentText')} {...form.register('customConsentText')} /> : null}
      <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="clauses-submit">
        {t('employerCompany.save')}
      </button>
    </form>
  );
}
