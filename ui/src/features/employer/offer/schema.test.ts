import { describe, expect, it } from 'vitest';
import { descriptionHtml, formValues, savePayload } from './mapping';
import { dateDays, draftIssues, formIssues, formPath, isPhone, isUrl, salaryAmount } from './schema';
import { signUpPayload, signUpSchema } from '../account/schemas';
import { logoFileError } from './components/logo-field';
import type { OfferFormValues } from './types';
import { ctx, valid } from './form-fixture';

const issuesOf = (change: Partial<OfferFormValues>) => formIssues({ ...valid(), ...change }, ctx).map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('formIssues (section 5, one case per rule: the valid form passes, each change fails on its key)', () => {
  it('passes a complete form', () => {
    expect(formIssues(valid(), ctx)).toEqual([]);
  });

  it.each<[string, Partial<OfferFormValues>, string]>([
    ['company name required', { companyName: '  ' }, 'companyName:required'],
    ['company name too short', { companyName: 'A' }, 'companyName:min_length'],
    ['company name too long', { companyName: 'A'.repeat(101) }, 'companyName:max_length'],
    ['company size from the options', { companySize: '7' }, 'companySize:invalid_option'],
    ['website required', { companyWebsite: '' }, 'companyWebsite:required'],
    ['website without spaces', { companyWebsite: 'https://acme .example' }, 'companyWebsite:no_whitespace'],
    ['website with a protocol', { companyWebsite: 'acme.example' }, 'companyWebsite:url_protocol_required'],
    ['website a URL', { companyWebsite: 'https://acme' }, 'companyWebsite:invalid_url'],
    ['logo required', { companyLogo: '' }, 'companyLogo:required'],
    ['position too short', { jobPositionName: 'Dev' }, 'jobPositionName:min_length'],
    ['position uppercase rule', { jobPositionName: 'SENIOR RUST DEV' }, 'jobPositionName:too_many_uppercase'],
    ['experience required', { jobPositionExperience: '' }, 'jobPositionExperience:required'],
    ['category required', { jobCategory: '', jobSubcategory: '' }, 'jobCategory:required'],
    ['category known', { jobCategory: 'cobol', jobSubcategory: '' }, 'jobCategory:unknown_category'],
    ['subcategory required when the category has children', { jobSubcategory: '' }, 'jobSubcategory:required'],
    ['subcategory of the category', { jobSubcategory: 'angular' }, 'jobSubcategory:unknown_category'],
    ['at most 5 languages', { languages: ['en', 'de', 'fr', 'es', 'it', 'pl'].map((code) => ({ code, level: 'B1' })) }, 'languages:too_many_languages'],
    ['language level A1–C2', { languages: [{ code: 'en', level: 'D1' }] }, 'languages.0:invalid_language'],
    ['a required skill', { requiredSkills: [] }, 'requiredSkills:required'],
    ['skill name length', { requiredSkills: [{ name: 'x'.repeat(51), level: 3 }] }, 'requiredSkills.0.name:max_length'],
    ['no skill both required and optional', { optionalSkills: [{ name: 'rust', level: 2 }] }, 'optionalSkills.0.name:duplicate_skill'],
    ['skill level 1–5', { requiredSkills: [{ name: 'Rust', level: null }] }, 'requiredSkills.0.level:invalid_skill'],
    ['at most 15 skills', { requiredSkills: Array.from({ length: 16 }, (_, index) => ({ name: `Skill ${index}`, level: 3 })) }, 'requiredSkills:too_many_skills'],
    ['salary: from at most to', { primarySalaryFrom: '30000', primarySalaryTo: '20000' }, 'primarySalaryFrom:min_lower_than_max'],
    ['salary: three times rule', { primarySalaryFrom: '10000', primarySalaryTo: '30001' }, 'primarySalaryTo:three_times_rule'],
    ['salary: both amounts or neither', { primarySalaryTo: '' }, 'primarySalaryTo:incorrect_ranges'],
    ['salary: a number', { primarySalaryFrom: 'lots' }, 'primarySalaryFrom:value_must_be_number'],
    ['salary: type required for any', { primaryEmploymentType: 'any' }, 'primarySalaryType:type_required'],
    ['salary: type required for the second block', { secondSalaryActive: true, additionalEmploymentType: 'permanent' }, 'additionalSalaryType:type_required'],
    ['salary: second block checked too', { secondSalaryActive: true, additionalEmploymentType: 'permanent', additionalSalaryType: 'gross', additionalSalaryFrom: '1', additionalSalaryTo: '4' }, 'additionalSalaryTo:three_times_rule'],
    ['salary: employment type required', { primaryEmploymentType: '' }, 'primaryEmploymentType:required'],
    ['salary: unit required', { salaryUnit: '' }, 'salaryUnit:unit_required'],
    ['salary: currency of the board', { salaryCurrency: 'usd' }, 'salaryCurrency:invalid_currency'],
    ['description not empty once markup is stripped', { jobDescription: '<p> &nbsp; </p>' }, 'jobDescription:empty_description'],
    ['description: at most one image', { jobDescription: '<p>x</p><img src="data:image/jpeg;base64,AA"><img src="data:image/jpeg;base64,AA">' }, 'jobDescription:too_many_images'],
    ['description: the image is an inline JPEG', { jobDescription: '<p>x</p><img src="https://x.example/a.png">' }, 'jobDescription:invalid_image'],
    ['locations required', { locations: [] }, 'locations:required'],
    ['locations limited by the plan', { locations: Array.from({ length: 3 }, () => valid().locations[0]) }, 'locations:too_many_locations'],
    ['location city required', { locations: [{ ...valid().locations[0], city: '' }] }, 'locations.0.city:required'],
    ['location street required', { locations: [{ ...valid().locations[0], street: ' ' }] }, 'locations.0.street:required'],
    ['working place required', { workingPlace: '' }, 'workingPlace:required'],
    ['working time from the options', { workingTime: 'always' }, 'workingTime:invalid_option'],
    ['application type required', { applicationType: '' }, 'applicationType:required'],
    ['application e-mail valid', { applicationTypeUri: 'jobs at acme' }, 'applicationTypeUri:no_whitespace'],
    ['application e-mail an address', { applicationTypeUri: 'jobs@acme' }, 'applicationTypeUri:invalidEmail'],
    ['application URL with protocol', { applicationType: 'url', applicationTypeUri: 'acme.example/jobs' }, 'applicationTypeUri:url_protocol_required'],
    ['information clause required', { informationClauseText: '' }, 'informationClauseText:required'],
    ['information clause length', { informationClauseText: 'Too short.' }, 'informationClauseText:min_length'],
    ['information clause without the placeholder', { informationClauseText: `${valid().informationClauseText} {company}` }, 'informationClauseText:forbidden_placeholder'],
    ['future consent required when enabled', { futureConsentEnabled: true }, 'futureConsentText:required'],
    ['custom consent length', { customConsentEnabled: true, customConsentText: '{company} ok' }, 'customConsentText:min_length'],
    ['consent holds the placeholder', { futureConsentEnabled: true, futureConsentText: 'I agree to future recruitments of the company.' }, 'futureConsentText:missing_placeholder'],
    ['expiry date required when enabled', { expiredAtEnabled: true }, 'expiredAt:required'],
    ['expiry date format', { expiredAtEnabled: true, expiredAt: '2026-02-30' }, 'expiredAt:invalid_date'],
    ['expiry date after today', { expiredAtEnabled: true, expiredAt: '2026-11-26' }, 'expiredAt:date_in_past'],
    ['expiry date within the plan', { expiredAtEnabled: true, expiredAt: '2026-12-27' }, 'expiredAt:date_after_max'],
    ['contact name two words', { contactName: 'Anna' }, 'contactName:two_words_required'],
    ['contact e-mail', { contactEmail: 'anna' }, 'contactEmail:invalidEmail'],
    ['contact phone length', { contactPhone: '123' }, 'contactPhone:min_length'],
    ['contact phone pattern', { contactPhone: '+48 600--700 800' }, 'contactPhone:invalid_phone'],
  ])('%s', (_name, change, expected) => {
    expect(issuesOf(change)).toContain(expected);
  });

  it('accepts the edges of the rules', () => {
    expect(issuesOf({ primarySalaryFrom: '10000', primarySalaryTo: '30000' })).toEqual([]);
    expect(issuesOf({ primarySalaryFrom: '', primarySalaryTo: '' })).toEqual([]);
    expect(issuesOf({ expiredAtEnabled: true, expiredAt: '2026-12-26' })).toEqual([]);
    expect(issuesOf({ contactPhone: '+48 600-700-800' })).toEqual([]);
    expect(issuesOf({ jobCategory: 'html', jobSubcategory: '' })).toEqual([]);
    expect(issuesOf({ languages: [{ code: '', level: 'B2' }] })).toEqual([]);
    expect(issuesOf({ futureConsentEnabled: true, futureConsentText: 'I agree that {company} keeps my CV.' })).toEqual([]);
    expect(issuesOf({ jobDescription: '<p>x</p><img src="data:image/jpeg;base64,AA">' })).toEqual([]);
  });

  it("refuses the description's image on a plan without graphics, as the server does", () => {
    const form = { ...valid(), jobDescription: '<p>x</p><img src="data:image/jpeg;base64,AA">' };
    const issues = formIssues(form, { ...ctx, images: false }).map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues).toEqual(['jobDescription:not_allowed_by_plan']);
    expect(formIssues(valid(), { ...ctx, images: false })).toEqual([]);
  });
});

describe('the draft and the helpers', () => {
  it('checks a draft against the empty shape only', () => {
    const empty = { ...valid(), companyName: '', requiredSkills: [], primaryEmploymentType: '' };
    expect(draftIssues(empty, ctx).map((issue) => issue.path.join('.'))).toEqual(['primaryEmploymentType']);
    expect(draftIssues({ ...empty, primaryEmploymentType: 'b2b', salaryCurrency: '' }, ctx).map((issue) => `${issue.path}:${issue.message}`)).toEqual(['salaryCurrency:required']);
  });

  it('reads amounts, URLs, phones and dates like the server', () => {
    expect([salaryAmount(''), salaryAmount('12,5'), salaryAmount(7), salaryAmount('-1'), salaryAmount('1e3')].map(String)).toEqual(['null', '12.5', '7', 'NaN', 'NaN']);
    expect([isUrl('https://a.example/x?y'), isUrl('http://a.example:8080'), isUrl('https://localhost'), isUrl('https://a.b1')]).toEqual([true, true, false, false]);
    expect([isPhone('600700800'), isPhone('+48 600 700 800'), isPhone('12345678'), isPhone('600 700 800 ')]).toEqual([true, true, false, false]);
    expect([dateDays('2024-02-29') !== null, dateDays('2023-02-29'), dateDays('2026-1-01')]).toEqual([true, null, null]);
    expect(formPath('locations[1].city')).toBe('locations.1.city');
  });

  it('maps the save as section 5 says', () => {
    const payload = savePayload({ ...valid(), contactEmail: 'Anna@Acme.Example', applicationTypeUri: 'Jobs@Acme.Example', primarySalaryTo: '', languages: [{ code: 'en', level: '' }, { code: 'de', level: 'A2' }], jobDescription: 'One\n\nTwo <b>' }, 'workInProgress');
    expect(payload.contactEmail).toBe('anna@acme.example');
    expect(payload.applicationTypeUri).toBe('jobs@acme.example');
    expect([payload.primarySalaryFrom, payload.primarySalaryTo]).toEqual([20000, null]);
    expect(payload.languages).toEqual([{ code: 'de', level: 'A2' }]);
    expect(payload.state).toBe('workInProgress');
    expect(descriptionHtml('One\nline\n\nTwo: 1 < 2 & 3')).toBe('<p>One<br>line</p><p>Two: 1 &lt; 2 &amp; 3</p>');
    expect(descriptionHtml('<p>kept</p>')).toBe('<p>kept</p>');
    expect(formValues({ ...payload, primarySalaryFrom: 20000, primarySalaryTo: null, locations: [] }).locations).toHaveLength(1);
  });

  it('checks a logo file before uploading it', () => {
    expect(logoFileError({ size: 0, type: 'image/png' })).toBe('logo_empty');
    expect(logoFileError({ size: 2000, type: 'image/gif' })).toBe('logo_wrong_format');
    expect(logoFileError({ size: 5 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('logo_too_large');
    expect(logoFileError({ size: 50, type: 'image/png' })).toBe('logo_too_small');
    expect(logoFileError({ size: 2000, type: 'image/jpeg' })).toBeNull();
  });
});

describe('the sign-up schema', () => {
  const ok = { companyName: 'Acme', acceptedRegulations: true, subscribeToNewsletter: false, name: 'Anna Nowak', phone: '', email: 'anna@acme.example', password: 'long password', passwordConfirmation: 'long password' };
  const messages = (change: object) => signUpSchema.safeParse({ ...ok, ...change }).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
  it('passes a complete sign-up and refuses each broken rule', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ companyName: 'A' })).toEqual(['companyName:invalid_name']);
    expect(messages({ acceptedRegulations: false })).toEqual(['acceptedRegulations:regulations_required']);
    expect(messages({ phone: '12' })).toEqual(['phone:invalid_phone']);
    expect(messages({ email: 'anna' })).toEqual(['email:invalid_email']);
    expect(messages({ password: 'short', passwordConfirmation: 'short' })).toEqual(['password:password_too_short']);
    expect(messages({ passwordConfirmation: 'other' })).toEqual(['passwordConfirmation:password_mismatch']);
  });
  it('sends the spec\'s snake_case payload', () => {
    expect(signUpPayload({ ...ok, companyName: ' Acme ' })).toEqual({
      company: { name: 'Acme', accepted_regulations: true, subscribe_to_newsletter: false },
      user: { name: 'Anna Nowak', phone: '', email: 'anna@acme.example', password: 'long password', password_confirmation: 'long password' },
    });
  });
});
