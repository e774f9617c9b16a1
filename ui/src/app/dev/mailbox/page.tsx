import Link from 'next/link';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { mailboxVisitorAllowed } from '@/features/dev-mailbox/access';
import { listMails, recipients, type Mail } from '@/features/dev-mailbox/api';
import { getTranslator } from '@/i18n/request';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import '@/features/dev-mailbox/mailbox.css';

export const metadata = { title: 'Dev mailbox', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The development mailbox (server-rendered from the API; 404 when the API has it off, and for a
 * visitor on another machine: see `features/dev-mailbox/access.ts`).
 */
export default async function MailboxPage({ searchParams }: Props) {
  if (!mailboxVisitorAllowed(await headers())) notFound();
  const [{ locale, t }, query] = await Promise.all([getTranslator(), searchParams]);
  const to = typeof query.to === 'string' ? query.to.trim() : '';
  let mails: Mail[];
  try {
    mails = await listMails(to);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
  const time = new Intl.DateTimeFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <div className="mailbox" data-testid="mailbox">
      <h1>{t('mailbox.title')}</h1>
      <p className="muted">{t('mailbox.intro')}</p>
      <p className="mailbox__note" role="note" data-testid="mailbox-note">
        {t('mailbox.onlyHere')}
      </p>
      <form className="mailbox__filter" method="get" action={paths.devMailbox()}>
        <label htmlFor="mailbox-to">{t('mailbox.filter')}</label>
        <input id="mailbox-to" name="to" type="search" defaultValue={to} />
        <button type="submit" className="button button--small">
          {t('mailbox.show')}
        </button>
      </form>
      {mails.length ? (
        <div className="mailbox__table-wrap">
          <table className="mailbox__table">
            <thead>
              <tr>
                <th scope="col">{t('mailbox.at')}</th>
                <th scope="col">{t('mailbox.to')}</th>
                <th scope="col">{t('mailbox.subject')}</th>
                <th scope="col">{t('mailbox.tag')}</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id} data-testid="mailbox-row">
                  <td>{time.format(new Date(mail.at))}</td>
                  <td>{recipients(mail)}</td>
                  <td>
                    <Link href={paths.devMailbox(mail.id)}>{mail.subject || '—'}</Link>
                  </td>
                  <td>{mail.tag ? <span className="badge">{mail.tag}</span> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{t('mailbox.empty')}</p>
      )}
    </div>
  );
}
