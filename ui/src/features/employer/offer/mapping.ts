/** The form's values ⇄ the API's form (section 5's save mapping on the way out). Pure: unit-tested. */
import { salaryAmount } from './schema';
import type { OfferFormValues, ServerOfferForm } from './types';

const amountText = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The API's form as the web form edits it (amounts as text, at least one location row). */
export function formValues(form: ServerOfferForm): OfferFormValues {
  return {
    ...form,
    primarySalaryFrom: amountText(form.primarySalaryFrom),
    primarySalaryTo: amountText(form.primarySalaryTo),
    additionalSalaryFrom: amountText(form.additionalSalaryFrom),
    additionalSalaryTo: amountText(form.additionalSalaryTo),
    locations: form.locations.length ? form.locations.map((location) => ({ ...location, latitude: location.latitude ?? null, longitude: location.longitude ?? null })) : [{ city: '', street: '', latitude: null, longitude: null, countryCode: '' }],
    languages: form.languages ?? [],
    requiredSkills: form.requiredSkills ?? [],
    optionalSkills: form.optionalSkills ?? [],
  };
}

/** Plain text (no tags) as paragraphs; HTML as it is (the server sanitises it). */
export function descriptionHtml(text: string): string {
  if (/<[a-z][^>]*>/i.test(text)) return text;
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}

/**
 * The body of `PATCH /v1/offers/{slug}`: e-mails lowercased, amounts as numbers (a text that is
 * not a number is sent as it is, for the server to refuse on its field), languages lacking code
 * or level dropped, the description as HTML, the consent texts kept only while enabled.
 */
export function savePayload(values: OfferFormValues, state: 'draft' | 'workInProgress'): ServerOfferForm {
  const amount = (text: string) => {
    const parsed = salaryAmount(text);
    return parsed === null ? null : Number.isNaN(parsed) ? text : parsed;
  };
  return {
    ...values,
    state,
    contactEmail: values.contactEmail.trim().toLowerCase(),
    applicationTypeUri: values.applicationType === 'email' ? values.applicationTypeUri.trim().toLowerCase() : values.applicationTypeUri.trim(),
    primarySalaryFrom: amount(values.primarySalaryFrom),
    primarySalaryTo: amount(values.primarySalaryTo),
    additionalSalaryFrom: values.secondSalaryActive ? amount(values.additionalSalaryFrom) : null,
    additionalSalaryTo: values.secondSalaryActive ? amount(values.additionalSalaryTo) : null,
    additionalEmploymentType: values.secondSalaryActive ? values.additionalEmploymentType : '',
    additionalSalaryType: values.secondSalaryActive ? values.additionalSalaryType : '',
    languages: values.languages.filter((language) => language.code.trim() && language.level.trim()),
    jobDescription: descriptionHtml(values.jobDescription),
    expiredAt: values.expiredAtEnabled ? values.expiredAt.trim() : '',
    locations: values.locations.map((location) => ({ ...location, city: location.city.trim(), street: location.street.trim() })),
  };
}
