import { describe, expect, it } from 'vitest';
import { changePasswordSchema, loginSchema, parseSkills, passiveProfileSchema, personalSchema, preferenceDefaults, preferencesOf, preferencesSchema, registerSchema, resetPasswordSchema, salaryValue } from './schemas';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('register', () => {
  const base = { email: 'ada@example.com', password: 'x'.repeat(8), firstName: '', lastName: '', acceptedTerms: true };
  it('takes 8 to 128 characters, not the e-mail', () => {
    expect(issues(registerSchema.safeParse(base))).toEqual({});
    expect(issues(registerSchema.safeParse({ ...base, password: 'x'.repeat(7) }))).toEqual({ password: 'password_too_short' });
    expect(issues(registerSchema.safeParse({ ...base, password: 'x'.repeat(128) }))).toEqual({});
    expect(issues(registerSchema.safeParse({ ...base, password: 'x'.repeat(129) }))).toEqual({ password: 'password_too_long' });
    expect(issues(registerSchema.safeParse({ ...base, password: 'ADA@example.com' }))).toEqual({ password: 'password_is_email' });
  });

  it('needs the terms accepted', () => {
    expect(issues(registerSchema.safeParse({ ...base, acceptedTerms: false }))).toEqual({ acceptedTerms: 'terms_required' });
  });

  it('needs a valid e-mail; names are optional but plain text', () => {
    expect(issues(registerSchema.safeParse({ ...base, email: '' }))).toEqual({ email: 'required' });
    expect(issues(registerSchema.safeParse({ ...base, email: 'ada' }))).toEqual({ email: 'invalidEmail' });
    expect(issues(registerSchema.safeParse({ ...base, firstName: '<b>Ada</b>' }))).toEqual({ firstName: 'invalid_name' });
  });
});

describe('passwords', () => {
  it('login needs both fields, whatever the password', () => {
    expect(issues(loginSchema.safeParse({ email: 'ada@example.com', password: '' }))).toEqual({ password: 'required' });
    expect(issues(loginSchema.safeParse({ email: 'ada@example.com', password: 'short' }))).toEqual({});
  });

  it('a new password is typed twice', () => {
    expect(issues(resetPasswordSchema.safeParse({ password: 'password123', repeat: 'password124' }))).toEqual({ repeat: 'passwordsDiffer' });
    expect(issues(changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'password123', repeat: 'password123' }))).toEqual({});
  });
});

describe('profile', () => {
  it('keeps the default message to 1000 characters', () => {
    expect(issues(personalSchema.safeParse({ firstName: 'Ada', lastName: '', message: 'm'.repeat(1000) }))).toEqual({});
    expect(issues(personalSchema.safeParse({ firstName: 'Ada', lastName: '', message: 'm'.repeat(1001) }))).toEqual({ message: 'messageLength' });
  });

  it('reads skills as a comma-separated list, without repeats', () => {
    expect(parseSkills(' Java,  spring boot ,java,, SQL ')).toEqual(['Java', 'spring boot', 'SQL']);
  });

  it('takes an empty or plain salary', () => {
    const base = { skills: '', experienceLevels: [], cities: [], remote: false, currency: 'pln' as const };
    expect(issues(preferencesSchema.safeParse({ ...base, salaryMin: '' }))).toEqual({});
    expect(issues(preferencesSchema.safeParse({ ...base, salaryMin: '15000,50' }))).toEqual({});
    expect(issues(preferencesSchema.safeParse({ ...base, salaryMin: '-1' }))).toEqual({ salaryMin: 'invalid_salary' });
    expect(issues(preferencesSchema.safeParse({ ...base, salaryMin: '1000001' }))).toEqual({ salaryMin: 'invalid_salary' });
    expect(issues(preferencesSchema.safeParse({ ...base, salaryMin: '', experienceLevels: ['guru'] })).experienceLevels ?? issues(preferencesSchema.safeParse({ ...base, salaryMin: '', experienceLevels: ['guru'] }))['experienceLevels.0']).toBeTruthy();
    expect(salaryValue('15000,50')).toBe(15000.5);
    expect(salaryValue(' ')).toBeNull();
  });
});

describe('passiveProfileSchema', () => {
  const complete = { skills: 'Rust, SQL', experienceLevels: ['senior'], cities: ['krakow'], remote: false, salaryMin: '20000', currency: 'pln', openToOffers: true, salaryUnit: 'month', categories: ['1'], contractTypes: ['b2b'] };

  it('accepts a complete profile, and an incomplete one while not open to offers', () => {
    expect(passiveProfileSchema.safeParse(complete).success).toBe(true);
    expect(passiveProfileSchema.safeParse({ ...complete, openToOffers: false, skills: '', categories: [], contractTypes: [], salaryMin: '' }).success).toBe(true);
  });

  it('puts each missing mandatory preference on its field when opening up', () => {
    const result = issues(passiveProfileSchema.safeParse({ ...complete, skills: ' , ', experienceLevels: [], cities: [], categories: [], salaryMin: '', contractTypes: [] }));
    expect(result).toEqual({ categories: 'required', experienceLevels: 'required', skills: 'required', cities: 'placeRequired', salaryMin: 'required', contractTypes: 'required' });
    // Remote is a place too.
    expect(passiveProfileSchema.safeParse({ ...complete, cities: [], remote: true }).success).toBe(true);
  });

  it('allows at most 10 categories and the API\'s salary periods only', () => {
    expect(issues(passiveProfileSchema.safeParse({ ...complete, categories: Array.from({ length: 11 }, (_, index) => String(index + 1)) })).categories).toBe('too_many_values');
    expect(passiveProfileSchema.safeParse({ ...complete, salaryUnit: 'week' }).success).toBe(false);
  });

  it('round-trips stored preferences through the form values', () => {
    const preferences = { skills: ['Rust', 'SQL'], experienceLevels: ['senior' as const], cities: ['krakow'], remote: true, salaryMin: 18000.5, currency: 'eur' as const };
    expect(preferencesOf(preferenceDefaults(preferences))).toEqual(preferences);
  });
});
