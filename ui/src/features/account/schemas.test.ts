import { describe, expect, it } from 'vitest';
import { changePasswordSchema, loginSchema, parseSkills, personalSchema, preferencesSchema, registerSchema, resetPasswordSchema, salaryValue } from './schemas';

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
