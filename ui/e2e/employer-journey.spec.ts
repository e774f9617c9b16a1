// The employer journey (e2e/employer-journey.ts) with its mail read from the dev mailbox.
import { test } from './fixtures';
import { mailedEmployerLink } from './employer';
import { employerJourney } from './employer-journey';

test('employer-journey', async ({ page, request }) => {
  test.setTimeout(180_000);
  await employerJourney(page, { confirmationLink: (email) => mailedEmployerLink(request, email, 'employer.confirm'), shots: 'employer' });
});
