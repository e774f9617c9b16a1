import { describe, expect, it } from 'vitest';
import { EMPTY_PROPOSAL } from '@/features/employer/assistant/proposal-fixture';
import type { ProposedAd } from '@/features/employer/assistant/types';
import { ctx, valid } from './form-fixture';
import { DEFAULT_SKILL_LEVEL, proposalPatch, type ProposalContext } from './proposal';
import { formIssues } from './schema';
import type { OfferFormValues } from './types';

const pctx: ProposalContext = { ...ctx, titleLocked: false };

const EMPTY = EMPTY_PROPOSAL;

const FULL: ProposedAd = {
  title: 'Senior Vue Developer',
  description: '<h3>O nas</h3><p>Budujemy sklep.</p><ul><li>Vue</li></ul>',
  category: 'vue',
  seniority: 'expert',
  isRemoteRecruitment: true,
  workplaceType: 'hybrid',
  workingTime: 'part_time',
  languages: [
    { isoCode: 'en', level: 'C1' },
    { isoCode: 'DE', level: 'b2' },
  ],
  skills: {
    requiredSkills: [
      { name: 'Vue', level: 5 },
      { name: 'TypeScript', level: null },
    ],
    recommendedSkills: [{ name: 'Docker', level: 2 }],
  },
  salaryUnit: 'hour',
  salaryCurrency: 'eur',
  salaries: [
    { employmentType: 'b2b', minAmount: 100, maxAmount: 150.5, amountType: 'net' },
    { employmentType: 'permanent', minAmount: 12000, maxAmount: 18000, amountType: 'gross' },
  ],
  addresses: [
    { city: 'Kraków', street: 'Rynek 1', countryCode: 'pl', latitude: 50.06, longitude: 19.94 },
    { city: 'Warszawa', street: null, countryCode: null, latitude: null, longitude: null },
  ],
};

const apply = (values: OfferFormValues, ad: ProposedAd, context = pctx): OfferFormValues => ({ ...values, ...proposalPatch(values, ad, context) });

describe('proposalPatch (the AI-proposed ad onto the offer form)', () => {
  it('maps a full proposal onto every field it names, and the form still passes its rules', () => {
    const form = apply(valid(), FULL);
    expect(form).toMatchObject({
      jobPositionName: 'Senior Vue Developer',
      jobDescription: FULL.description,
      jobCategory: 'javascript',
      jobSubcategory: 'vue',
      jobPositionExperience: 'expert',
      remoteInterview: true,
      workingPlace: 'hybrid',
      workingTime: 'part_time',
      languages: [
        { code: 'en', level: 'C1' },
        { code: 'de', level: 'B2' },
      ],
      requiredSkills: [
        { name: 'Vue', level: 5 },
        { name: 'TypeScript', level: DEFAULT_SKILL_LEVEL },
      ],
      optionalSkills: [{ name: 'Docker', level: 2 }],
      salaryUnit: 'hour',
      salaryCurrency: 'eur',
      primaryEmploymentType: 'b2b',
      primarySalaryType: 'net',
      primarySalaryFrom: '100',
      primarySalaryTo: '150.5',
      secondSalaryActive: true,
      additionalEmploymentType: 'permanent',
      additionalSalaryType: 'gross',
      additionalSalaryFrom: '12000',
      additionalSalaryTo: '18000',
      locations: [
        { city: 'Kraków', street: 'Rynek 1', latitude: 50.06, longitude: 19.94, countryCode: 'PL' },
        // The form's own street and place for the city the proposal names without them.
        { city: 'Warszawa', street: 'Marszałkowska 1', latitude: 52.2, longitude: 21, countryCode: 'PL' },
      ],
    });
    expect(formIssues(form, ctx)).toEqual([]);
  });

  it('leaves everything a partial proposal lacks as the form had it', () => {
    const before = valid();
    const patch = proposalPatch(before, { ...EMPTY, title: 'Rust Developer', salaries: [{ employmentType: 'permanent', minAmount: 15000, maxAmount: null, amountType: 'gross' }] }, pctx);
    expect(patch).toEqual({ jobPositionName: 'Rust Developer', primaryEmploymentType: 'permanent', primarySalaryType: 'gross', primarySalaryFrom: '15000' });
    expect(proposalPatch(before, EMPTY, pctx)).toEqual({});
  });

  it('ignores values outside the form\'s dictionaries and rules', () => {
    const patch = proposalPatch(
      valid(),
      {
        ...EMPTY,
        title: '   ',
        category: 'cobol',
        seniority: 'guru',
        workplaceType: 'moon',
        workingTime: 'freelance',
        salaryUnit: 'week',
        salaryCurrency: 'btc',
        languages: [
          { isoCode: 'english', level: 'B2' },
          { isoCode: 'fr', level: 'native' },
        ],
        skills: { requiredSkills: [{ name: '', level: 3 }, { name: 'x'.repeat(51), level: 3 }], recommendedSkills: [] },
        salaries: [{ employmentType: 'freelance', minAmount: 1, maxAmount: 2, amountType: 'gross' }],
        addresses: [{ city: ' ', street: 'Nowhere 1', countryCode: null, latitude: null, longitude: null }],
      },
      pctx,
    );
    // `freelance` is no working time of this board (ctx: full and part time only).
    expect(patch).toEqual({});
  });

  it('keeps the title of a published offer whose title is locked, a category already chosen, a skill once', () => {
    const before = valid();
    const patch = proposalPatch(
      before,
      {
        ...EMPTY,
        title: 'Another title',
        category: 'javascript',
        skills: { requiredSkills: [{ name: 'Rust', level: null }], recommendedSkills: [{ name: 'rust', level: 1 }, { name: 'Kubernetes', level: 9 }] },
        salaries: [{ employmentType: 'b2b', minAmount: -5, maxAmount: 20000, amountType: 'invoice' }],
      },
      { ...pctx, titleLocked: true },
    );
    // Rust keeps the form's level (4); a level out of 1–5 is the default; the duplicate is dropped.
    expect(patch).toEqual({
      requiredSkills: [{ name: 'Rust', level: 4 }],
      optionalSkills: [{ name: 'Kubernetes', level: DEFAULT_SKILL_LEVEL }],
      primaryEmploymentType: 'b2b',
      primarySalaryTo: '20000',
    });
  });

  it('a top-level category empties the subcategory of another; the plan\'s location limit is kept', () => {
    const patch = proposalPatch(valid(), { ...EMPTY, category: 'html', addresses: [1, 2, 3].map((n) => ({ city: `City ${n}`, street: `Street ${n}`, countryCode: 'PL', latitude: null, longitude: null })) }, pctx);
    expect(patch.jobCategory).toBe('html');
    expect(patch.jobSubcategory).toBe('');
    expect(patch.locations?.map((location) => location.city)).toEqual(['City 1', 'City 2']);
  });
});
