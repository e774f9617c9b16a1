/** The application history call: form and one-click applications plus confirmed external ones. */
export const APPLICATIONS_PATH = '/v1/candidate/applications';
/** Only what the candidate applied to: external redirects count once confirmed. */
export const HISTORY_QUERY: Readonly<Record<string, string>> = { isConfirmed: 'true' };
