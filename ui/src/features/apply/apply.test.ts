import { describe, expect, it } from 'vitest';
import type { Candidate } from '@/lib/candidate';
import { attachmentError, formatBytes } from '@/lib/attachments';
import { applicationFormData, isOneClickApply, messageCounter, newestDocument, prefilledValues, previewText, type ApplyValues } from './rules';
import { applySchema, characterCount } from './schema';

const pdf = (size: number, name = 'cv.pdf', type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });
const values = (changes: Partial<ApplyValues> = {}): ApplyValues => ({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello', attachment: null, futureConsent: false, customConsent: false, ...changes });
const issues = (input: ApplyValues, oneClick = false) => {
  const result = applySchema({ oneClick }).safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const candidate = (changes: Partial<Candidate> = {}): Candidate => ({
  id: 'c-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  message: 'I like engines.',
  applicationDocs: [{ id: 'd-1', type: 'cv', fileName: 'ada.pdf', size: 1000, mime: 'application/pdf', uploadedAt: '2026-01-01T10:00:00Z' }],
  preferences: { skills: [], experienceLevels: [], cities: [], remote: false, salaryMin: null, currency: 'pln' },
  status: 'missingPreferences',
  lang: 'pl',
  createdAt: '2026-01-01T09:00:00Z',
  ...changes,
});

describe('apply schema: message', () => {
  it('takes 1000 characters and refuses 1001', () => {
    expect(issues(values({ message: 'a'.repeat(1000) }))).toEqual({});
    expect(issues(values({ message: 'a'.repeat(1001) }))).toEqual({ message: 'messageLength' });
  });

  it('counts characters, not UTF-16 units (as the server does)', () => {
    expect(characterCount('😀')).toBe(1);
    expect(issues(values({ message: '😀'.repeat(1000) }))).toEqual({});
    expect(issues(values({ message: '😀'.repeat(1001) }))).toEqual({ message: 'messageLength' });
  });
});

describe('apply schema: attachment', () => {
  it('takes 5,000,000 bytes and refuses 5,000,001', () => {
    expect(issues(values({ message: '', attachment: pdf(5_000_000) }))).toEqual({});
    expect(issues(values({ message: '', attachment: pdf(5_000_001) }))).toEqual({ attachment: 'fileSize' });
  });

  it.each([
    ['cv.pdf', 'application/pdf'],
    ['CV.PDF', 'application/pdf'],
    ['cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['scan.png', 'image/png'],
    ['cv.pdf', ''],
  ])('takes %s (%s)', (name, type) => {
    expect(attachmentError({ name, size: 10, type })).toBeNull();
    expect(issues(values({ attachment: pdf(10, name, type) }))).toEqual({});
  });

  it.each([
    ['cv.doc', 'application/msword'],
    ['cv.txt', 'text/plain'],
    ['cv', ''],
    ['cv.gif', 'image/gif'],
    ['cv.pdf', 'text/html'],
    ['cv.pdf.exe', 'application/x-msdownload'],
  ])('refuses %s (%s)', (name, type) => {
    expect(issues(values({ attachment: pdf(10, name, type) }))).toEqual({ attachment: 'fileType' });
  });

  it('reports the type of an oversized file of a wrong kind', () => {
    expect(attachmentError({ name: 'movie.mp4', size: 9_000_000, type: 'video/mp4' })).toBe('fileType');
  });

  it('needs a file or a message, unless the stored CV goes (one click)', () => {
    expect(issues(values({ message: '  ', attachment: null }))).toEqual({ attachment: 'fileOrDescriptionRequired' });
    expect(issues(values({ message: '', attachment: null }), true)).toEqual({});
    expect(issues(values({ message: '', attachment: pdf(10) }))).toEqual({});
  });
});

describe('apply schema: name and e-mail', () => {
  it('requires both and a valid e-mail', () => {
    expect(issues(values({ name: ' ', email: '' }))).toEqual({ name: 'required', email: 'required' });
    expect(issues(values({ email: 'ada@' }))).toEqual({ email: 'invalidEmail' });
    expect(issues(values({ email: 'ada example.com' }))).toEqual({ email: 'invalidEmail' });
    expect(issues(values({ email: ' ada@example.com ' }))).toEqual({});
  });

  it('reports every problem at once', () => {
    expect(issues(values({ name: '', email: 'x', message: 'a'.repeat(1001), attachment: pdf(10, 'a.exe', 'application/x-msdownload') }))).toEqual({
      name: 'required',
      email: 'invalidEmail',
      message: 'messageLength',
      attachment: 'fileType',
    });
  });
});

describe('file sizes', () => {
  it('reads as people write them', () => {
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(812_400, 'en')).toBe('812 KB');
    expect(formatBytes(5_000_000, 'pl')).toBe('5 MB');
    expect(formatBytes(4_850_000, 'pl')).toBe('4,9 MB');
  });
});

describe('message counter', () => {
  it('warns 100 characters before the limit', () => {
    expect(messageCounter(899)).toMatchObject({ warn: false, over: false, left: 101 });
    expect(messageCounter(900)).toMatchObject({ warn: true, over: false, left: 100 });
    expect(messageCounter(1000)).toMatchObject({ warn: true, over: false, left: 0 });
    expect(messageCounter(1001)).toMatchObject({ warn: true, over: true, left: -1 });
  });
});

describe('consent preview', () => {
  it('keeps texts of up to 120 characters whole', () => {
    expect(previewText('a'.repeat(120))).toEqual({ preview: 'a'.repeat(120), cut: false });
  });

  it('cuts longer ones at 120 characters, on a word when one is near', () => {
    const long = `${'word '.repeat(30)}end`;
    const { preview, cut } = previewText(long);
    expect(cut).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(121);
    expect(preview).not.toMatch(/wor…$/);
    expect(previewText('x'.repeat(121)).preview).toBe(`${'x'.repeat(120)}…`);
  });
});

describe('one-click apply (spec §4: the four conditions)', () => {
  const untouched = { name: false, email: false, attachment: false };

  it('applies to a logged-in candidate with a CV and a name who changed nothing', () => {
    expect(isOneClickApply(candidate(), untouched)).toBe(true);
    expect(isOneClickApply(candidate({ firstName: '' }), untouched)).toBe(true);
    expect(isOneClickApply(candidate({ lastName: '' }), untouched)).toBe(true);
  });

  it('needs a login', () => {
    expect(isOneClickApply(null, untouched)).toBe(false);
  });

  it('needs a CV document', () => {
    expect(isOneClickApply(candidate({ applicationDocs: [] }), untouched)).toBe(false);
  });

  it('needs a first or last name', () => {
    expect(isOneClickApply(candidate({ firstName: ' ', lastName: '' }), untouched)).toBe(false);
  });

  it('stops once name, e-mail or attachment is edited (the message may change)', () => {
    expect(isOneClickApply(candidate(), { ...untouched, name: true })).toBe(false);
    expect(isOneClickApply(candidate(), { ...untouched, email: true })).toBe(false);
    expect(isOneClickApply(candidate(), { ...untouched, attachment: true })).toBe(false);
  });

  it('sends the newest CV', () => {
    const docs = [
      { id: 'old', type: 'cv' as const, fileName: 'old.pdf', size: 1, mime: 'application/pdf', uploadedAt: '2026-01-01T10:00:00Z' },
      { id: 'new', type: 'cv' as const, fileName: 'new.pdf', size: 1, mime: 'application/pdf', uploadedAt: '2026-03-01T10:00:00Z' },
      { id: 'mid', type: 'cv' as const, fileName: 'mid.pdf', size: 1, mime: 'application/pdf', uploadedAt: '2026-02-01T10:00:00Z' },
    ];
    expect(newestDocument(candidate({ applicationDocs: docs }))?.id).toBe('new');
    expect(newestDocument(null)).toBeNull();
  });
});

describe('application form data', () => {
  it('prefills a candidate and leaves guests empty', () => {
    expect(prefilledValues(candidate())).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'I like engines.', attachment: null });
    expect(prefilledValues(null)).toMatchObject({ name: '', email: '', message: '' });
  });

  it('is a form application with the attachment and the consents as "true"/"false"', () => {
    const file = pdf(10);
    const form = applicationFormData(values({ name: ' Ada ', attachment: file, futureConsent: true }), { oneClick: false, candidateId: null });
    expect(form.get('name')).toBe('Ada');
    expect(form.get('source')).toBe('apply_form');
    expect(form.get('future_consent_accepted')).toBe('true');
    expect(form.get('custom_consent_accepted')).toBe('false');
    expect((form.get('attachment') as File).name).toBe('cv.pdf');
    expect(form.has('candidate_id')).toBe(false);
  });

  it('is a one-click application with the candidate id and no attachment', () => {
    const form = applicationFormData(values({ attachment: pdf(10) }), { oneClick: true, candidateId: 'c-1' });
    expect(form.get('source')).toBe('1_click_apply');
    expect(form.get('candidate_id')).toBe('c-1');
    expect(form.has('attachment')).toBe(false);
  });
});
