/**
 * Section 5's rules of the offer form, mirrored from the server (`wakat_core::offer_form::rules`)
 * for quick feedback; the server checks every save again and has the last word. Issue messages
 * are the server's field codes (`three_times_rule`, `location_not_found`, …) and issue paths its
 * field names, so a refusal reads the same from either side. Pure: unit-tested.
 */
import { z } from 'zod';
import type { OfferFormValues } from './types';

export const COMPANY_NAME_CHARS = [2, 100] as const;
export const POSITION_NAME_CHARS = [4, 100] as const;
export const CONTACT_NAME_CHARS = [3, 100] as const;
export const PHONE_CHARS = [9, 20] as const;
export const INFORMATION_CLAUSE_MIN_CHARS = 50;
export const CONSENT_MIN_CHARS = 20;
export const CLAUSE_MAX_CHARS = 5000;
export const SKILL_NAME_MAX_CHARS = 50;
export const MAX_LANGUAGES = 5;
/** The server's `max_skills` (required and, separately, optional). */
export const MAX_SKILLS = 15;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MIN_BYTES = 100;
export const LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
export const CLAUSE_PLACEHOLDER = '{company}';
export const COMPANY_SIZES = ['1-10', '11-25', '26-50', '51-100', '101-500', '501+'] as const;
export const LANGUAGE_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export const EMPLOYMENT_TYPES = ['permanent', 'b2b', 'mandate_contract', 'internship', 'any'] as const;
export const EXPERIENCE_LEVELS = ['junior', 'mid', 'senior', 'expert', 'c_level'] as const;
export const SALARY_UNITS = ['hour', 'day', 'month', 'year'] as const;
/** Validation debounce of the form, and of the salary block (spec section 5). */
export const VALIDATION_DEBOUNCE_MS = 150;
export const SALARY_DEBOUNCE_MS = 200;

/** What the rules need besides the form: the board's dictionaries and the plan's limits. */
export interface FormRulesContext {
  /** Category keys with their subcategory keys. */
  categories: readonly { key: string; children: readonly string[] }[];
  currencies: readonly string[];
  workingPlaces: readonly string[];
  workingTimes: readonly string[];
  /** Known cities (the gazetteer's names, any case); a city outside is `location_not_found`. */
  cities: readonly string[];
  maxLocations: number;
  durationDays: number;
  /** Allowed by the plan (empty: all). */
  seniority: readonly string[];
  allowedCategories: readonly string[];
  /** The plan includes graphics: the description may hold its one image. */
  images: boolean;
  /** Today in days since 1970-01-01 (UTC). */
  todayDays: number;
}

const chars = (text: string) => [...text].length;
const hasWhitespace = (text: string) => /\s/.test(text);

/** The server's e-mail shape: one `@`, a dotted domain, no spaces. */
export function isEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(text) && chars(text) <= 254;
}

/** An http(s) URL whose host is dot-separated labels (the server's `is_url`). */
export function isUrl(value: string): boolean {
  const match = /^https?:\/\/([^/?#]*)/i.exec(value);
  if (!match || /[\s\u0000-\u001f]/.test(value)) return false;
  let host = match[1];
  const port = /:(\d{1,5})$/.exec(host);
  if (port) host = host.slice(0, -port[0].length);
  else if (host.includes(':')) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label !== '' && !label.startsWith('-') && !label.endsWith('-') && /^[\p{L}\p{N}-]+$/u.test(label))) return false;
  const tld = labels[labels.length - 1];
  return /^\p{L}{2,}$/u.test(tld);
}

/** Optional `+`, digit groups split by one space or dash, 9 to 15 digits (the server's `is_phone`). */
export function isPhone(phone: string): boolean {
  const digitsPart = phone.startsWith('+') ? phone.slice(1) : phone;
  const groups = digitsPart.split(/[ -]/);
  const digits = groups.reduce((sum, group) => sum + group.length, 0);
  return groups.every((group) => /^\d+$/.test(group)) && digits >= 9 && digits <= 15;
}

/** A salary amount: empty (null), a non-negative number (comma or dot), or NaN for anything else. */
export function salaryAmount(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text : Number.NaN;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(?:[.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** Days since 1970-01-01 of a real `YYYY-MM-DD` day, else null. */
export function dateDays(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return Math.round(time / 86_400_000);
}

/** Today in UTC days. */
export function todayDays(now = Date.now()): number {
  return Math.floor(now / 86_400_000);
}

/** The markup-free text of an HTML fragment (for the "not empty once markup is stripped" rule). */
export function stripMarkup(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
}

/** The `src` of each `<img>` of an HTML fragment. */
export function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/gi)].map((match) => /\bsrc\s*=\s*["']?([^"'\s>]*)/i.exec(match[0])?.[1] ?? '');
}

type Issue = { path: (string | number)[]; message: string };

function text(issues: Issue[], path: string, value: string, [min, max]: readonly [number, number]): boolean {
  const length = chars(value.trim());
  if (length === 0) issues.push({ path: [path], message: 'required' });
  else if (length < min) issues.push({ path: [path], message: 'min_length' });
  else if (length > max) issues.push({ path: [path], message: 'max_length' });
  else return true;
  return false;
}

function option(issues: Issue[], path: (string | number)[], value: string, valid: boolean) {
  if (value.trim() === '') issues.push({ path, message: 'required' });
  else if (!valid) issues.push({ path, message: 'invalid_option' });
}

function url(issues: Issue[], path: string, raw: string) {
  const value = raw.trim();
  if (value === '') issues.push({ path: [path], message: 'required' });
  else if (hasWhitespace(value)) issues.push({ path: [path], message: 'no_whitespace' });
  else if (!/^https?:\/\//i.test(value)) issues.push({ path: [path], message: 'url_protocol_required' });
  else if (!isUrl(value)) issues.push({ path: [path], message: 'invalid_url' });
}

/** Every rule of section 5 on `form`: the issues, each under the server's field name. */
export function formIssues(form: OfferFormValues, ctx: FormRulesContext): Issue[] {
  const issues: Issue[] = [];
  // 1. Company.
  text(issues, 'companyName', form.companyName, COMPANY_NAME_CHARS);
  option(issues, ['companySize'], form.companySize, (COMPANY_SIZES as readonly string[]).includes(form.companySize));
  url(issues, 'companyWebsite', form.companyWebsite);
  if (form.companyLogo.trim() === '') issues.push({ path: ['companyLogo'], message: 'required' });
  // 2. Position.
  if (text(issues, 'jobPositionName', form.jobPositionName, POSITION_NAME_CHARS)) {
    const lower = [...form.jobPositionName].filter((c) => c !== c.toUpperCase() && c === c.toLowerCase()).length;
    const upper = [...form.jobPositionName].filter((c) => c !== c.toLowerCase() && c === c.toUpperCase()).length;
    if (lower < 4 || lower <= upper - 2) issues.push({ path: ['jobPositionName'], message: 'too_many_uppercase' });
  }
  option(issues, ['jobPositionExperience'], form.jobPositionExperience, (EXPERIENCE_LEVELS as readonly string[]).includes(form.jobPositionExperience));
  if (form.jobPositionExperience && ctx.seniority.length && !ctx.seniority.includes(form.jobPositionExperience)) issues.push({ path: ['jobPositionExperience'], message: 'not_allowed_by_plan' });
  // 3. Category.
  const category = ctx.categories.find((entry) => entry.key === form.jobCategory.trim());
  if (form.jobCategory.trim() === '') issues.push({ path: ['jobCategory'], message: 'required' });
  else if (!category) issues.push({ path: ['jobCategory'], message: 'unknown_category' });
  else {
    if (ctx.allowedCategories.length && !ctx.allowedCategories.includes(category.key)) issues.push({ path: ['jobCategory'], message: 'not_allowed_by_plan' });
    const sub = form.jobSubcategory.trim();
    if (sub === '' && category.children.length) issues.push({ path: ['jobSubcategory'], message: 'required' });
    else if (sub !== '' && !category.children.includes(sub)) issues.push({ path: ['jobSubcategory'], message: 'unknown_category' });
  }
  // 4. Languages: rows lacking code or level are dropped on save.
  const languages = form.languages.map((language, index) => ({ language, index })).filter(({ language }) => language.code.trim() && language.level.trim());
  if (languages.length > MAX_LANGUAGES) issues.push({ path: ['languages'], message: 'too_many_languages' });
  for (const { language, index } of languages) {
    if (!/^[a-z]{2}$/.test(language.code) || !(LANGUAGE_LEVELS as readonly string[]).includes(language.level)) issues.push({ path: ['languages', index], message: 'invalid_language' });
  }
  // 5. Skills.
  if (form.requiredSkills.length === 0) issues.push({ path: ['requiredSkills'], message: 'required' });
  const seen = new Set<string>();
  for (const list of ['requiredSkills', 'optionalSkills'] as const) {
    if (form[list].length > MAX_SKILLS) issues.push({ path: [list], message: 'too_many_skills' });
    form[list].forEach((skill, index) => {
      const name = skill.name.trim();
      if (name === '') {
        issues.push({ path: [list, index, 'name'], message: 'required' });
        return;
      }
      if (chars(name) > SKILL_NAME_MAX_CHARS) issues.push({ path: [list, index, 'name'], message: 'max_length' });
      const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
      if (seen.has(folded)) issues.push({ path: [list, index, 'name'], message: 'duplicate_skill' });
      seen.add(folded);
      if (!(skill.level !== null && skill.level >= 1 && skill.level <= 5)) issues.push({ path: [list, index, 'level'], message: 'invalid_skill' });
    });
  }
  // 7. Salary.
  issues.push(...salaryIssues(form, ctx));
  // 8. Description.
  const images = imageSources(form.jobDescription);
  if (images.length > 0 && !ctx.images) issues.push({ path: ['jobDescription'], message: 'not_allowed_by_plan' });
  else if (images.length > 1) issues.push({ path: ['jobDescription'], message: 'too_many_images' });
  else if (images.some((src) => !src.toLowerCase().startsWith('data:image/jpeg;base64,'))) issues.push({ path: ['jobDescription'], message: 'invalid_image' });
  if (stripMarkup(form.jobDescription) === '') issues.push({ path: ['jobDescription'], message: 'empty_description' });
  // 9. Locations.
  if (form.locations.length === 0) issues.push({ path: ['locations'], message: 'required' });
  if (form.locations.length > ctx.maxLocations) issues.push({ path: ['locations'], message: 'too_many_locations' });
  const known = new Set(ctx.cities.map((city) => city.toLowerCase()));
  form.locations.forEach((location, index) => {
    if (location.city.trim() === '') issues.push({ path: ['locations', index, 'city'], message: 'required' });
    else if (known.size && !known.has(location.city.trim().toLowerCase())) issues.push({ path: ['locations', index, 'city'], message: 'location_not_found' });
    if (location.street.trim() === '') issues.push({ path: ['locations', index, 'street'], message: 'required' });
  });
  // 10., 11.
  option(issues, ['workingPlace'], form.workingPlace, ctx.workingPlaces.includes(form.workingPlace));
  option(issues, ['workingTime'], form.workingTime, ctx.workingTimes.includes(form.workingTime));
  // 14. Application.
  option(issues, ['applicationType'], form.applicationType, form.applicationType === 'email' || form.applicationType === 'url');
  const uri = form.applicationTypeUri.trim();
  if (form.applicationType === 'url') url(issues, 'applicationTypeUri', uri);
  else if (uri === '') issues.push({ path: ['applicationTypeUri'], message: 'required' });
  else if (form.applicationType === 'email' && hasWhitespace(uri)) issues.push({ path: ['applicationTypeUri'], message: 'no_whitespace' });
  else if (form.applicationType === 'email' && !isEmail(uri)) issues.push({ path: ['applicationTypeUri'], message: 'invalidEmail' });
  // 15. Consents.
  const clause = form.informationClauseText.trim();
  if (clause === '') issues.push({ path: ['informationClauseText'], message: 'required' });
  else if (chars(clause) < INFORMATION_CLAUSE_MIN_CHARS) issues.push({ path: ['informationClauseText'], message: 'min_length' });
  else if (clause.includes(CLAUSE_PLACEHOLDER)) issues.push({ path: ['informationClauseText'], message: 'forbidden_placeholder' });
  for (const [enabled, path, value] of [
    [form.futureConsentEnabled, 'futureConsentText', form.futureConsentText],
    [form.customConsentEnabled, 'customConsentText', form.customConsentText],
  ] as const) {
    if (!enabled) continue;
    const consent = value.trim();
    if (consent === '') issues.push({ path: [path], message: 'required' });
    else if (chars(consent) < CONSENT_MIN_CHARS) issues.push({ path: [path], message: 'min_length' });
    else if (!consent.includes(CLAUSE_PLACEHOLDER)) issues.push({ path: [path], message: 'missing_placeholder' });
  }
  for (const path of ['informationClauseText', 'futureConsentText', 'customConsentText'] as const) {
    if (chars(form[path]) > CLAUSE_MAX_CHARS) issues.push({ path: [path], message: 'max_length' });
  }
  // 16. Expiry date.
  if (form.expiredAtEnabled) {
    const day = form.expiredAt.trim() === '' ? undefined : dateDays(form.expiredAt.trim());
    if (day === undefined) issues.push({ path: ['expiredAt'], message: 'required' });
    else if (day === null) issues.push({ path: ['expiredAt'], message: 'invalid_date' });
    else if (day <= ctx.todayDays) issues.push({ path: ['expiredAt'], message: 'date_in_past' });
    else if (day > ctx.todayDays + ctx.durationDays) issues.push({ path: ['expiredAt'], message: 'date_after_max' });
  }
  // 17. Contact.
  if (text(issues, 'contactName', form.contactName, CONTACT_NAME_CHARS) && form.contactName.trim().split(/\s+/).length < 2) issues.push({ path: ['contactName'], message: 'two_words_required' });
  const email = form.contactEmail.trim();
  if (email === '') issues.push({ path: ['contactEmail'], message: 'required' });
  else if (!isEmail(email)) issues.push({ path: ['contactEmail'], message: 'invalidEmail' });
  const phone = form.contactPhone.trim();
  if (phone !== '') {
    if (chars(phone) < PHONE_CHARS[0]) issues.push({ path: ['contactPhone'], message: 'min_length' });
    else if (chars(phone) > PHONE_CHARS[1]) issues.push({ path: ['contactPhone'], message: 'max_length' });
    else if (!isPhone(phone)) issues.push({ path: ['contactPhone'], message: 'invalid_phone' });
  }
  return issues;
}

/** The salary block's rules (revalidated on their own, 200 ms after a change). */
export function salaryIssues(form: OfferFormValues, ctx: Pick<FormRulesContext, 'currencies'>): Issue[] {
  const issues: Issue[] = [];
  if (form.salaryCurrency.trim() === '') issues.push({ path: ['salaryCurrency'], message: 'required' });
  else if (!ctx.currencies.includes(form.salaryCurrency)) issues.push({ path: ['salaryCurrency'], message: 'invalid_currency' });
  if (form.salaryUnit.trim() === '') issues.push({ path: ['salaryUnit'], message: 'unit_required' });
  else if (!(SALARY_UNITS as readonly string[]).includes(form.salaryUnit)) issues.push({ path: ['salaryUnit'], message: 'invalid_option' });
  const blocks: [string, string, string, string, string][] = [['primary', form.primaryEmploymentType, form.primarySalaryType, form.primarySalaryFrom, form.primarySalaryTo]];
  if (form.secondSalaryActive) blocks.push(['additional', form.additionalEmploymentType, form.additionalSalaryType, form.additionalSalaryFrom, form.additionalSalaryTo]);
  for (const [prefix, kind, salaryType, fromText, toText] of blocks) {
    option(issues, [`${prefix}EmploymentType`], kind, (EMPLOYMENT_TYPES as readonly string[]).includes(kind));
    const typeNeeded = kind === 'any' || prefix === 'additional';
    if (salaryType.trim() === '') {
      if (typeNeeded) issues.push({ path: [`${prefix}SalaryType`], message: 'type_required' });
    } else if (salaryType !== 'gross' && salaryType !== 'net') issues.push({ path: [`${prefix}SalaryType`], message: 'invalid_option' });
    const from = salaryAmount(fromText);
    const to = salaryAmount(toText);
    if (Number.isNaN(from)) issues.push({ path: [`${prefix}SalaryFrom`], message: 'value_must_be_number' });
    if (Number.isNaN(to)) issues.push({ path: [`${prefix}SalaryTo`], message: 'value_must_be_number' });
    if (from === null || to === null || Number.isNaN(from) || Number.isNaN(to)) {
      if (from !== null && !Number.isNaN(from) && to === null) issues.push({ path: [`${prefix}SalaryTo`], message: 'incorrect_ranges' });
      if (to !== null && !Number.isNaN(to) && from === null) issues.push({ path: [`${prefix}SalaryFrom`], message: 'incorrect_ranges' });
      continue;
    }
    if (from > to) issues.push({ path: [`${prefix}SalaryFrom`], message: 'min_lower_than_max' });
    else if (to > 3 * from) issues.push({ path: [`${prefix}SalaryTo`], message: 'three_times_rule' });
  }
  return issues;
}

/** A draft is checked against the empty shape only: it needs a currency and a primary employment type. */
export function draftIssues(form: OfferFormValues, ctx: Pick<FormRulesContext, 'currencies'>): Issue[] {
  const issues: Issue[] = [];
  if (form.salaryCurrency.trim() === '') issues.push({ path: ['salaryCurrency'], message: 'required' });
  else if (!ctx.currencies.includes(form.salaryCurrency)) issues.push({ path: ['salaryCurrency'], message: 'invalid_currency' });
  option(issues, ['primaryEmploymentType'], form.primaryEmploymentType, (EMPLOYMENT_TYPES as readonly string[]).includes(form.primaryEmploymentType));
  return issues;
}

/** The zod schema react-hook-form validates with: every rule of section 5. */
export function offerFormSchema(ctx: FormRulesContext) {
  return z.custom<OfferFormValues>().superRefine((form, context) => {
    for (const issue of formIssues(form, ctx)) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

/** `locations[0].city` (the server's field names) → `locations.0.city` (react-hook-form's). */
export function formPath(serverField: string): string {
  return serverField.replace(/\[(\d+)\]/g, '.$1');
}

/** The salary fields: a change there revalidates the whole block after 200 ms. */
export const SALARY_FIELDS = [
  'primaryEmploymentType',
  'primarySalaryType',
  'primarySalaryFrom',
  'primarySalaryTo',
  'additionalEmploymentType',
  'additionalSalaryType',
  'additionalSalaryFrom',
  'additionalSalaryTo',
  'salaryCurrency',
  'salaryUnit',
  'secondSalaryActive',
] as const;

export function isSalaryField(name: string): boolean {
  return (SALARY_FIELDS as readonly string[]).includes(name);
}
