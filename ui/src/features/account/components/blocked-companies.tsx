'use client';
/** The companies the candidate blocked (from the chat: declining with a block, or "block" in a conversation), each with unblock. */
import { useState } from 'react';
import useSWR from 'swr';
import { FormMessage } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { candidateChat } from '@/lib/chat/api';
import { chatErrorCode, chatErrorKey } from '@/lib/chat/errors';
import { formatChatTime } from '@/lib/chat/format';
import type { BlockedCompany } from '@/lib/chat/types';
import type { Locale } from '@/lib/types';

export function BlockedCompanies({ locale, initial }: { locale: Locale; initial: BlockedCompany[] | null }) {
  const t = createTranslator(locale);
  const blocks = useSWR<{ items: BlockedCompany[] }>(candidateChat.blocksKey, candidateChat.blocks, { revalidateOnFocus: false, fallbackData: initial ? { items: initial } : undefined });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unblock = async (company: BlockedCompany) => {
    setBusy(company.companyId);
    setError(null);
    try {
      await candidateChat.unblock(company.companyId);
      await blocks.mutate((current) => (current ? { items: current.items.filter((item) => item.companyId !== company.companyId) } : current), { revalidate: false });
    } catch (failure) {
      setError(chatErrorCode(failure));
    } finally {
      setBusy(null);
    }
  };
  const items = blocks.data?.items;
  if (!items) return <p className="muted">{blocks.error ? t(chatErrorKey(chatErrorCode(blocks.error))) : t('chat.thread.loading')}</p>;
  return (
    <>
      {items.length ? (
        <ul className="blocked-list" data-testid="blocked-companies">
          {items.map((company) => (
            <li key={company.companyId}>
              <span>
                <strong>{company.name}</strong> <span className="muted">{t('chat.blocks.since', { date: formatChatTime(company.at, locale) })}</span>
              </span>
              <button type="button" className="button button--small" disabled={busy === company.companyId} onClick={() => void unblock(company)} aria-label={t('chat.blocks.unblockLabel', { company: company.name })}>
                {t('chat.blocks.unblock')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="blocked-empty">
          {t('chat.blocks.empty')}
        </p>
      )}
      {error ? <FormMessage kind="error">{t(chatErrorKey(error))}</FormMessage> : null}
    </>
  );
}
