'use client';
/**
 * The conversation requests waiting for an answer (status received): the employer (name, logo),
 * the offer, when it was sent and the first message. Accepting asks what to share — the name, the
 * e-mail, one of the stored CVs (the account's documents), each left out by default — and opens
 * the conversation; declining may block the company too.
 */
import Link from 'next/link';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ChatAvatar } from '@/components/chat/conversation-list-item';
import { MessageText } from '@/components/chat/message-text';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { candidateChat } from '@/lib/chat/api';
import { chatErrorCode, chatErrorKey } from '@/lib/chat/errors';
import { formatChatTime } from '@/lib/chat/format';
import type { ConversationView, Invite } from '@/lib/chat/types';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';

export function InviteList({ locale, invites, onAccepted, onChanged }: { locale: Locale; invites: Invite[]; onAccepted: (conversation: ConversationView) => void; onChanged: () => void }) {
  const t = createTranslator(locale);
  const [accepting, setAccepting] = useState<Invite | null>(null);
  const [declining, setDeclining] = useState<Invite | null>(null);
  return (
    <section aria-labelledby="chat-widget-invites">
      <h3 id="chat-widget-invites" className="chat-widget__section">
        {t('chat.widget.invites')}
      </h3>
      <ul className="chat-widget__list" data-testid="chat-invites">
        {invites.map((invite) => (
          <li key={invite.conversationRequestId} className="chat-invite" data-testid="chat-invite">
            <div className="chat-invite__head">
              <ChatAvatar name={invite.employer.name} url={invite.employer.avatarUrl} />
              <div className="chat-invite__who">
                <strong>{invite.employer.name}</strong>
                <span>{invite.jobAdvertisement.name}</span>
                <span className="chat-invite__time">{t('chat.invite.sentAt', { date: formatChatTime(invite.sentAt, locale) })}</span>
              </div>
            </div>
            <p className="chat-invite__message">
              <MessageText text={invite.firstMessage} />
            </p>
            <div className="chat-invite__actions">
              <button type="button" className="button button--primary button--small" onClick={() => setAccepting(invite)} aria-label={`${t('chat.invite.accept')}: ${invite.employer.name}, ${invite.jobAdvertisement.name}`}>
                {t('chat.invite.accept')}
              </button>
              <button type="button" className="button button--small" onClick={() => setDeclining(invite)} aria-label={`${t('chat.invite.decline')}: ${invite.employer.name}, ${invite.jobAdvertisement.name}`}>
                {t('chat.invite.decline')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {accepting ? (
        <AcceptDialog
          locale={locale}
          invite={accepting}
          onClose={() => setAccepting(null)}
          onAccepted={(conversation) => {
            setAccepting(null);
            onAccepted(conversation);
          }}
        />
      ) : null}
      {declining ? (
        <DeclineDialog
          locale={locale}
          invite={declining}
          onClose={() => setDeclining(null)}
          onDeclined={() => {
            setDeclining(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The frame of both answers to an invite: the title, the fields, the error of a refused call, and
 * the submit (busy while the call runs) and cancel buttons.
 */
function AnswerDialog({ locale, title, testId, submitLabel, danger = false, onClose, answer, children }: { locale: Locale; title: string; testId: string; submitLabel: string; danger?: boolean; onClose: () => void; answer: () => Promise<void>; children: ReactNode }) {
  const t = createTranslator(locale);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await answer();
    } catch (failure) {
      setError(chatErrorCode(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} title={title} size="small" closeLabel={t('chat.report.close')} testId={testId}>
      <form className="stack-form" onSubmit={submit}>
        {children}
        {error ? <FormMessage kind="error">{t(chatErrorKey(error))}</FormMessage> : null}
        <div className="form-actions">
          <button type="submit" className={`button button--primary${danger ? ' button--danger' : ''}`} disabled={busy}>
            {submitLabel}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('chat.report.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function AcceptDialog({ locale, invite, onClose, onAccepted }: { locale: Locale; invite: Invite; onClose: () => void; onAccepted: (conversation: ConversationView) => void }) {
  const t = createTranslator(locale);
  const id = useId();
  const { candidate } = useSession();
  const documents = candidate?.applicationDocs ?? [];
  const [shareName, setShareName] = useState(false);
  const [shareEmail, setShareEmail] = useState(false);
  const [cv, setCv] = useState<string | null>(null);
  const name = candidate ? `${candidate.firstName} ${candidate.lastName}`.trim() : '';
  const accept = async () => onAccepted(await candidateChat.accept(invite.conversationRequestId, { shareName: shareName && name !== '', shareEmail, cvDocumentId: cv }));
  return (
    <AnswerDialog locale={locale} title={t('chat.invite.acceptTitle', { company: invite.employer.name })} testId="chat-accept-dialog" submitLabel={t('chat.invite.acceptSubmit')} onClose={onClose} answer={accept}>
      <p>{t('chat.invite.shareIntro')}</p>
      <fieldset className="form-fieldset">
        <legend>{t('chat.invite.shareLegend')}</legend>
        {name ? (
          <label className="checkbox">
            <input type="checkbox" checked={shareName} onChange={(event) => setShareName(event.target.checked)} />
            {t('chat.invite.shareName', { name })}
          </label>
        ) : null}
        <label className="checkbox">
          <input type="checkbox" checked={shareEmail} onChange={(event) => setShareEmail(event.target.checked)} />
          {t('chat.invite.shareEmail', { email: candidate ? candidate.email : '' })}
        </label>
      </fieldset>
      <fieldset className="form-fieldset">
        <legend>{t('chat.invite.cvLegend')}</legend>
        {documents.length ? (
          <>
            <label className="checkbox">
              <input type="radio" name={`${id}-cv`} checked={cv === null} onChange={() => setCv(null)} />
              {t('chat.invite.noCv')}
            </label>
            {documents.map((document) => (
              <label key={document.id} className="checkbox">
                <input type="radio" name={`${id}-cv`} checked={cv === document.id} onChange={() => setCv(document.id)} />
                {document.fileName}
              </label>
            ))}
          </>
        ) : (
          <p className="muted">
            {t('chat.invite.noDocuments')} <Link href={`${paths.account()}#documents`}>{t('chat.invite.addCv')}</Link>
          </p>
        )}
      </fieldset>
    </AnswerDialog>
  );
}

function DeclineDialog({ locale, invite, onClose, onDeclined }: { locale: Locale; invite: Invite; onClose: () => void; onDeclined: () => void }) {
  const t = createTranslator(locale);
  const [block, setBlock] = useState(false);
  const decline = async () => {
    await candidateChat.decline(invite.conversationRequestId, block);
    onDeclined();
  };
  return (
    <AnswerDialog locale={locale} title={t('chat.invite.declineTitle', { company: invite.employer.name })} testId="chat-decline-dialog" submitLabel={t('chat.invite.declineSubmit')} danger onClose={onClose} answer={decline}>
      <p>{t('chat.invite.declineText')}</p>
      <label className="checkbox">
        <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
        {t('chat.invite.blockCompany')}
      </label>
    </AnswerDialog>
  );
}
