/**
 * The assistant's AI-proposed ad (spec `employer-side.md` §3) onto the offer form's values: each
 * value is taken only when the form's own rules and dictionaries (`schema.ts`, the board's
 * categories, currencies, workplaces and working times) know it; what the proposal leaves out or
 * gets wrong stays as the form had it. The answer is a patch of the fields to set, for the form
 * library to set one by one (so they are dirty and validated like typed ones). Pure: unit-tested.
 */
import type { ProposedAd, ProposedSkill } from '@/features/employer/assistant/types';
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, LANGUAGE_LEVELS, MAX_LANGUAGES, MAX_SKILLS, SALARY_UNITS, SKILL_NAME_MAX_CHARS, type FormRulesContext } from './schema';
import type { FormLocation, FormSkill, OfferFormValues } from './types';

/** What the mapping needs of the form besides its values. */
export interface ProposalContext extends Pick<FormRulesContext, 'categories' | 'currencies' | 'workingPlaces' | 'workingTimes' | 'maxLocations'> {
  /** A published offer whose title may not change. */
  titleLocked: boolean;
}

export type FormPatch = Partial<OfferFormValues>;

/** A skill level a proposal leaves out: "good" in the middle of the form's 1–5. */
export const DEFAULT_SKILL_LEVEL = 3;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const amountText = (value: unknown): string | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? String(value) : null);
const fold = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The form's fields the proposal sets, with their new values. */
export function proposalPatch(values: OfferFormValues, ad: ProposedAd, ctx: ProposalContext): FormPatch {
  const patch: FormPatch = {};
  const title = text(ad.title);
  if (title && !ctx.titleLocked) patch.jobPositionName = title;
  const description = text(ad.description);
  if (description) patch.jobDescription = description;
  if (isOneOf(EXPERIENCE_LEVELS, ad.seniority)) patch.jobPositionExperience = ad.seniority;
  Object.assign(patch, categoryPatch(values, text(ad.category), ctx));
  if (typeof ad.isRemoteRecruitment === 'boolean') patch.remoteInterview = ad.isRemoteRecruitment;
  if (isOneOf(ctx.workingPlaces, ad.workplaceType)) patch.workingPlace = ad.workplaceType;
  if (isOneOf(ctx.workingTimes, ad.workingTime)) patch.workingTime = ad.workingTime;

  const languages = languagesOf(ad);
  if (languages.length) patch.languages = languages;
  Object.assign(patch, skillsPatch(values, ad));

  if (isOneOf(SALARY_UNITS, ad.salaryUnit)) patch.salaryUnit = ad.salaryUnit;
  const currency = text(ad.salaryCurrency).toLowerCase();
  if (ctx.currencies.includes(currency)) patch.salaryCurrency = currency;
  Object.assign(patch, salariesPatch(ad));

  const locations = locationsOf(values, ad, ctx.maxLocations);
  if (locations.length) patch.locations = locations;
  return patch;
}

/** A top-level key sets the category (the subcategory emptied if it was another's); a child key both. */
function categoryPatch(values: OfferFormValues, key: string, ctx: ProposalContext): FormPatch {
  if (!key) return {};
  const top = ctx.categories.find((category) => category.key === key);
  if (top) return top.key === values.jobCategory ? {} : { jobCategory: top.key, jobSubcategory: '' };
  const parent = ctx.categories.find((category) => category.children.includes(key));
  return parent ? { jobCategory: parent.key, jobSubcategory: key } : {};
}

function languagesOf(ad: ProposedAd): OfferFormValues['languages'] {
  const seen = new Set<string>();
  const languages: OfferFormValues['languages'] = [];
  for (const language of ad.languages ?? []) {
    const code = text(language?.isoCode).toLowerCase();
    const level = text(language?.level).toUpperCase();
    if (!/^[a-z]{2}$/.test(code) || !isOneOf(LANGUAGE_LEVELS, level) || seen.has(code)) continue;
    seen.add(code);
    languages.push({ code, level });
  }
  return languages.slice(0, MAX_LANGUAGES);
}

/** Required and optional skills: named ones, each once across both lists, a level the form takes. */
function skillsPatch(values: OfferFormValues, ad: ProposedAd): FormPatch {
  const known = new Map([...values.requiredSkills, ...values.optionalSkills].map((skill) => [fold(skill.name.trim()), skill.level]));
  const seen = new Set<string>();
  const list = (skills: readonly ProposedSkill[] | undefined): FormSkill[] => {
    const out: FormSkill[] = [];
    for (const skill of skills ?? []) {
      const name = text(skill?.name);
      const key = fold(name);
      if (!name || [...name].length > SKILL_NAME_MAX_CHARS || seen.has(key)) continue;
      seen.add(key);
      const level = typeof skill.level === 'number' && Number.isInteger(skill.level) && skill.level >= 1 && skill.level <= 5 ? skill.level : (known.get(key) ?? DEFAULT_SKILL_LEVEL);
      out.push({ name, level });
    }
    return out.slice(0, MAX_SKILLS);
  };
  const patch: FormPatch = {};
  const required = list(ad.skills?.requiredSkills);
  const optional = list(ad.skills?.recommendedSkills);
  if (required.length) patch.requiredSkills = required;
  if (optional.length) patch.optionalSkills = optional;
  return patch;
}

/** The first valid salary is the primary block, the second the additional one (switched on). */
function salariesPatch(ad: ProposedAd): FormPatch {
  const salaries = (ad.salaries ?? []).filter((salary) => isOneOf(EMPLOYMENT_TYPES, salary?.employmentType)).slice(0, 2);
  const patch: FormPatch = {};
  salaries.forEach((salary, index) => {
    const prefix = index === 0 ? 'primary' : 'additional';
    patch[`${prefix}EmploymentType`] = salary.employmentType;
    if (salary.amountType === 'gross' || salary.amountType === 'net') patch[`${prefix}SalaryType`] = salary.amountType;
    const from = amountText(salary.minAmount);
    const to = amountText(salary.maxAmount);
    if (from !== null) patch[`${prefix}SalaryFrom`] = from;
    if (to !== null) patch[`${prefix}SalaryTo`] = to;
  });
  if (salaries.length === 2) patch.secondSalaryActive = true;
  return patch;
}

/** The proposed places; a street left out is the form's own for that city, if it had one. */
function locationsOf(values: OfferFormValues, ad: ProposedAd, maxLocations: number): FormLocation[] {
  const seen = new Set<string>();
  const locations: FormLocation[] = [];
  for (const address of ad.addresses ?? []) {
    const city = text(address?.city);
    const street = text(address?.street);
    const key = `${fold(city)}|${fold(street)}`;
    if (!city || seen.has(key)) continue;
    seen.add(key);
    const current = values.locations.find((location) => fold(location.city.trim()) === fold(city));
    const placed = typeof address.latitude === 'number' && typeof address.longitude === 'number';
    locations.push({
      city,
      street: street || current?.street || '',
      latitude: placed ? address.latitude : (current?.latitude ?? null),
      longitude: placed ? address.longitude : (current?.longitude ?? null),
      countryCode: text(address.countryCode).toUpperCase() || (current?.countryCode ?? ''),
    });
  }
  return locations.slice(0, Math.max(1, maxLocations));
}
