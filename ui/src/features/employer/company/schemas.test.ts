import { describe, expect, it } from 'vitest';
import { activeNavLink, navFor } from '@/features/employer/nav';
import { storySchema, storySlugOf } from './schemas';

describe('company panel forms', () => {
  it('proposes a story slug the API accepts', () => {
    expect(storySlugOf('Łódzka Spółka IT — Software House')).toBe('lodzka-spolka-it-software-house');
    expect(storySlugOf('  --Acme!!  ')).toBe('acme');
    const long = storySlugOf('a'.repeat(59) + ' b');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    const values = { type: 'startup', shortDescription: 'x', shortDescriptionEn: '', description: '', technologies: '', published: false };
    expect(storySchema.safeParse({ ...values, slug: storySlugOf('Panel Works 7c1b7') }).success).toBe(true);
    expect(storySchema.safeParse({ ...values, slug: 'Bad Slug' }).success).toBe(false);
    expect(storySchema.safeParse({ ...values, slug: 'a--b' }).success).toBe(false);
  });

  it('hides users and billing from recruiters only', () => {
    const ids = (role: 'owner' | 'recruiter' | undefined) => navFor(role).map((link) => link.id);
    expect(ids('recruiter')).not.toContain('users');
    expect(ids('recruiter')).not.toContain('billing');
    expect(ids('owner')).toContain('users');
    expect(ids(undefined)).toContain('billing');
  });

  it('lists the conversations with candidates for owners and recruiters, only on boards with the chat', () => {
    expect(navFor('owner').map((link) => link.id)).not.toContain('conversations');
    expect(navFor('owner', { chat: true }).map((link) => link.id)).toContain('conversations');
    expect(navFor('recruiter', { chat: true }).map((link) => link.id)).toContain('conversations');
    expect(activeNavLink('/employer/chat')).toBe('conversations');
  });
});
