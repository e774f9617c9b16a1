import Link from 'next/link';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { mailboxVisitorAllowed } from '@/features/dev-mailbox/access';
import { addresses, getMail, headerPairs, mailLinks, recipients, type Mail } from '@/features/dev-mailbox/api';
import { getTranslator } from '@/i18n/request';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import '@/features/dev-mailbox/mailbox.css';

export const metadata = { title: 'Dev mailbox', robots: { index: false, follow: false } };

/**
 * One mail of the development mailbox. Its HTML is shown inside a sandboxed `<iframe srcdoc>`
 * with every permission off (no scripts, forms, popups or navigation of this page); the frame
 * inherits this page's CSP, so it cannot load remote content either. Visitors on another machine
 * get a 404 (see `features/dev-mailbox/access.ts`).
 */
export default async function MailPage({ params }: { params: Promise<{ id: string }> }) {
  if (!mailboxVisitorAllowed(await headers())) notFound();
  const [{ locale, t }, { id }] = await Promise.all([getTranslator(), params]);
  let mail: Mail;
  try {
    mail = await getMail(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
  const links = mailLinks(mail.text ?? '');
  const time = new Intl.DateTimeFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <article className="mailbox mailbox--mail" data-testid="mailbox-mail">
      <p>
        <Link href={paths.devMailbox()}>← {t('mailbox.back')}</Link>
      </p>
      <h1>{mail.subject || '—'}</h1>
      <p className="mailbox__note" role="note" data-testid="mailbox-note">
        {t('mailbox.onlyHere')}
      </p>
      <dl className="mailbox__meta">
        <dt>{t('mailbox.from')}</dt>
        <dd>{addresses(mail.from)}</dd>
        <dt>{t('mailbox.to')}</dt>
        <dd>{recipients(mail)}</dd>
        <dt>{t('mailbox.at')}</dt>
        <dd>{time.format(new Date(mail.at))}</dd>
        {mail.tag ? (
          <>
            <dt>{t('mailbox.tag')}</dt>
            <dd>{mail.tag}</dd>
          </>
        ) : null}
      </dl>
      {links.length ? (
        <section aria-labelledby="mail-links">
          <h2 id="mail-links">{t('mailbox.links')}</h2>
          <ul className="mailbox__links" data-testid="mailbox-links">
            {links.map((link) => (
              <li key={link.href}>
                {link.local ? (
                  <Link href={link.local} data-testid="mailbox-local-link">
                    {link.local}
                  </Link>
                ) : (
                  <a href={link.href} rel="noopener noreferrer">
                    {link.href}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mail.html ? (
        <section aria-labelledby="mail-html">
          <h2 id="mail-html">{t('mailbox.html')}</h2>
          <iframe className="mailbox__frame" title={t('mailbox.html')} sandbox="" referrerPolicy="no-referrer" srcDoc={mail.html} data-testid="mailbox-frame" />
        </section>
      ) : null}
      <section aria-labelledby="mail-text">
        <h2 id="mail-text">{t('mailbox.text')}</h2>
        <pre className="mailbox__text">{mail.text}</pre>
      </section>
      <details>
        <summary>{t('mailbox.headers')}</summary>
        <dl className="mailbox__meta">
          {headerPairs(mail.headers).map(([name, value]) => (
            <div key={name} className="mailbox__header">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </article>
  );
}
