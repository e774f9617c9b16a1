'use client';
/**
 * The offer form page: loads the offer with its edit token, renders the 17 sections, validates
 * as the employer types (150 ms debounce; 200 ms for the salary block), and saves: a draft
 * (checked against the empty shape only: "Form contains errors. Fix them before saving draft"
 * otherwise), the complete form on the way to the summary, or the edit of a published offer. The
 * server's field errors land on their fields. Leaving with unsaved changes asks to save or discard.
 */
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-field';
import { Snackbar, type SnackbarMessage } from '@/components/ui/snackbar';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerPaths } from '@/features/employer/paths';
import { AssistantPopover } from '@/features/employer/assistant/components/assistant-popover';
import type { ProposedAd } from '@/features/employer/assistant/types';
import type { Locale } from '@/lib/types';
import { loadOffer, saveOffer } from '../api';
import { formValues, savePayload } from '../mapping';
import { proposalPatch } from '../proposal';
import { draftIssues, formPath, isSalaryField, offerFormSchema, SALARY_DEBOUNCE_MS, todayDays, VALIDATION_DEBOUNCE_MS, type FormRulesContext } from '../schema';
import type { EmployerOffer, FormInputs, FormVariant, OfferFormValues } from '../types';
import { useLeaveGuard } from '../leave-guard';
import { errorAt, offerErrorText, type SectionProps } from './form-kit';
import * as Sections from './form-sections';

/** The other amount of a salary field's block (a change revalidates both). */
function salaryPartner(name: string): string | null {
  if (name.endsWith('SalaryFrom')) return name.replace('SalaryFrom', 'SalaryTo');
  if (name.endsWith('SalaryTo')) return name.replace('SalaryTo', 'SalaryFrom');
  return null;
}

export function rulesContext(inputs: FormInputs, offer: Pick<EmployerOffer, 'limits'>, images: boolean): FormRulesContext {
  return {
    categories: inputs.categories.map((category) => ({ key: category.key, children: category.children.map((child) => child.value) })),
    currencies: inputs.currencies.map((currency) => currency.value),
    workingPlaces: inputs.remoteWorkOptions.map((option) => option.value),
    workingTimes: inputs.fulltimeParttimeOptions.map((option) => option.value),
    // The server's gazetteer knows more places than the list: an unknown city is its call.
    cities: [],
    maxLocations: offer.limits.maxLocationsCount,
    durationDays: offer.limits.durationInDays,
    seniority: offer.limits.seniority,
    allowedCategories: offer.limits.categories,
    images,
    todayDays: todayDays(),
  };
}

/** `graphicsPlans`: the plans that include graphics (`enableGraphics`): only their offers' descriptions take an image. */
type EditorProps = { variant: FormVariant; inputs: FormInputs; locale: Locale; planNames: Record<string, string>; graphicsPlans: readonly string[]; assistant: boolean };

export function OfferEditor({ slug, ...props }: EditorProps & { slug: string }) {
  const [offer, setOffer] = useState<EmployerOffer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    loadOffer(slug)
      .then(setOffer)
      .catch((error) => setFailure(error instanceof ApiError ? error.code : 'network_error'));
  }, [slug]);
  const t = createTranslator(props.locale);
  if (failure) return <FormMessage kind="error" testId="offer-load-error">{offerErrorText(t, failure)}</FormMessage>;
  if (!offer) return <p className="muted">{t('employer.offerForm.loading')}</p>;
  return <OfferFormBody offer={offer} {...props} />;
}

function OfferFormBody({ offer, variant, inputs, locale, planNames, graphicsPlans, assistant }: EditorProps & { offer: EmployerOffer }) {
  const graphics = graphicsPlans.includes(offer.planKey);
  const t = createTranslator(locale);
  const router = useRouter();
  const ctx = useMemo(() => rulesContext(inputs, offer, graphics), [inputs, offer, graphics]);
  const schema = useMemo(() => offerFormSchema(ctx), [ctx]);
  const form = useForm<OfferFormValues>({ defaultValues: formValues(offer.form), resolver: zodResolver(schema), mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: true });
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [exitOpen, setExitOpen] = useState(false);
  const [snack, setSnack] = useState<SnackbarMessage | null>(null);
  const closeSnack = useCallback(() => setSnack(null), []);
  const published = offer.state === 'published';

  // Validation as the employer types: 150 ms after the last change of a field, 200 ms for salaries.
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const subscription = form.watch((_values, { name, type }) => {
      if (!name || type !== 'change') return;
      const salary = isSalaryField(name);
      const fields = [name, salary ? salaryPartner(name) : null].filter((field): field is string => field !== null) as FieldPath<OfferFormValues>[];
      const key = salary ? `salary:${name.replace(/Salary(From|To)$/, '')}` : name;
      clearTimeout(timers.get(key));
      timers.set(
        key,
        setTimeout(() => void form.trigger(fields), salary ? SALARY_DEBOUNCE_MS : VALIDATION_DEBOUNCE_MS),
      );
    });
    return () => {
      subscription.unsubscribe();
      timers.forEach((timer) => clearTimeout(timer));
    };
  }, [form]);

  // A stored logo that must be uploaded again says so as soon as the form opens (spec section 4).
  useEffect(() => {
    const reupload = offer.errors.find((error) => error.code === 'logo_reupload');
    if (reupload) form.setError('companyLogo', { type: 'server', message: reupload.code });
  }, [offer.errors, form]);

  // Leaving the page with unsaved changes asks first: the exit button, any in-app link (the
  // dialog then goes where the link pointed), a reload.
  const dirty = form.formState.isDirty;
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useLeaveGuard(dirty && !exitOpen, (path) => {
    setLeavingTo(path);
    setExitOpen(true);
  });

  const showServerErrors = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) {
        setMessage({ kind: 'error', text: offerErrorText(t, 'network_error') ?? '' });
        return;
      }
      const details = error.errors.length ? error.errors : error.field ? [{ field: error.field, code: error.code, message: error.message }] : [];
      for (const detail of details) form.setError(formPath(detail.field) as FieldPath<OfferFormValues>, { type: 'server', message: detail.code });
      const first = details[0];
      if (first) form.setFocus(formPath(first.field) as FieldPath<OfferFormValues>);
      setMessage({ kind: 'error', text: offerErrorText(t, error.code) ?? '' });
    },
    [form, t],
  );

  const saveDraft = async (): Promise<boolean> => {
    setMessage(null);
    const values = form.getValues();
    const issues = draftIssues(values, ctx);
    if (issues.length) {
      for (const issue of issues) form.setError(issue.path.join('.') as FieldPath<OfferFormValues>, { type: 'client', message: issue.message });
      setMessage({ kind: 'error', text: t('employer.errors.form_contains_errors') });
      return false;
    }
    setBusy(true);
    try {
      await saveOffer(offer.slug, savePayload(values, 'draft'));
      form.reset(values);
      setMessage({ kind: 'success', text: t('employer.offerForm.draftSaved') });
      return true;
    } catch (error) {
      showServerErrors(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      setMessage(null);
      setBusy(true);
      try {
        await saveOffer(offer.slug, savePayload(values, 'workInProgress'));
        form.reset(values);
        if (published && variant !== 'extend') {
          setMessage({ kind: 'success', text: t('employer.offerForm.changesSaved') });
          router.push(employerPaths.offer(offer.slug));
        } else router.push(`${employerPaths.offerSummary(offer.slug)}${variant === 'extend' ? '?extend=1' : ''}`);
      } catch (error) {
        showServerErrors(error);
      } finally {
        setBusy(false);
      }
    },
    () => setMessage({ kind: 'error', text: t('employer.offerForm.formErrors') }),
  );

  const errors = form.formState.errors;
  const props: SectionProps = {
    form,
    t,
    locale,
    inputs,
    limits: offer.limits,
    graphics,
    slug: offer.slug,
    error: (path) => offerErrorText(t, errorAt(errors, path)?.message),
  };
  const onLogoUploaded = async () => (await loadOffer(offer.slug)).form.companyLogo || null;
  const titleLocked = published && !offer.form.titleChangeEnabled;
  const leave = () => router.push(leavingTo ?? employerPaths.offer(offer.slug));

  // The assistant's proposal goes in through the form library, field by field, as if typed: each
  // is dirty and validated (what the proposal lacks or gets wrong is left as it was).
  const applyProposal = (ad: ProposedAd) => {
    const patch = proposalPatch(form.getValues(), ad, { ...ctx, titleLocked });
    const names = Object.keys(patch) as (keyof OfferFormValues)[];
    for (const name of names) form.setValue(name, patch[name] as never, { shouldDirty: true });
    if (names.length) void form.trigger(names);
    setSnack({ id: Date.now(), text: t('employer.assistant.applied') });
  };

  return (
    <div className="offer-editor" data-testid="offer-editor">
      <div className="offer-editor__head">
        <h1 data-testid="offer-form-title">{t(`employer.offerForm.title.${variant}`)}</h1>
        <p className="muted">{t('employer.offerForm.planInfo', { plan: planNames[offer.planKey] ?? offer.planKey })}</p>
        {assistant ? <AssistantPopover locale={locale} jobAdId={offer.slug} onApply={applyProposal} /> : null}
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            setLeavingTo(null);
            if (dirty) setExitOpen(true);
            else leave();
          }}
          data-testid="offer-exit"
        >
          {t('employer.offerForm.exit')}
        </button>
      </div>
      <form onSubmit={submit} noValidate className="offer-form" data-testid="offer-form">
        <Sections.CompanySection {...props} onLogoUploaded={onLogoUploaded} />
        <Sections.PositionSection {...props} titleLocked={titleLocked} />
        <Sections.CategorySection {...props} />
        <Sections.LanguagesSection {...props} />
        <Sections.SkillsSection {...props} />
        <Sections.TechStackSection {...props} />
        <Sections.SalarySection {...props} />
        <Sections.DescriptionSection {...props} />
        <Sections.LocationsSection {...props} />
        <Sections.WorkingPlaceSection {...props} />
        <Sections.WorkingTimeSection {...props} />
        <Sections.RemoteInterviewSection {...props} />
        <Sections.UkrainiansSection {...props} />
        <Sections.ApplicationSection {...props} />
        <Sections.ConsentsSection {...props} />
        <Sections.ExpirySection {...props} />
        <Sections.ContactSection {...props} />
        <div className="offer-form__actions">
          {message ? (
            <FormMessage kind={message.kind} testId="offer-form-message">
              {message.text}
            </FormMessage>
          ) : null}
          {published ? null : (
            <button type="button" className="button" onClick={() => void saveDraft()} disabled={busy} data-testid="save-draft">
              {t('employer.offerForm.saveDraft')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy} data-testid="offer-submit">
            {t(published && variant !== 'extend' ? 'employer.offerForm.saveChanges' : 'employer.offerForm.toSummary')}
          </button>
        </div>
      </form>
      <Dialog
        open={exitOpen}
        onClose={() => setExitOpen(false)}
        title={t('employer.offerForm.exitTitle')}
        closeLabel={t('employer.offerForm.exitCancel')}
        size="small"
        testId="exit-dialog"
        footer={
          <div className="dialog-actions">
            {published ? null : (
              <button
                type="button"
                className="button button--primary"
                onClick={async () => {
                  if (await saveDraft()) leave();
                  else setExitOpen(false);
                }}
                data-testid="exit-save"
              >
                {t('employer.offerForm.exitSave')}
              </button>
            )}
            <button
              type="button"
              className="button"
              onClick={() => {
                form.reset();
                leave();
              }}
              data-testid="exit-discard"
            >
              {t('employer.offerForm.exitDiscard')}
            </button>
            <button type="button" className="button" onClick={() => setExitOpen(false)}>
              {t('employer.offerForm.exitCancel')}
            </button>
          </div>
        }
      >
        <p>{t('employer.offerForm.exitBody')}</p>
      </Dialog>
      <Snackbar message={snack} onClose={closeSnack} closeLabel={t('employer.assistant.snackClose')} />
    </div>
  );
}
