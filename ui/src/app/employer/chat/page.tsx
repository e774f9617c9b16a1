/**
 * `/employer/chat`: the company's conversations with candidates and the requests it sent
 * (flag `candidateChat`); `?c={id}` opens one conversation. The data is read live in the browser
 * (the panel layout's chat connection).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EmployerConversations } from '@/features/employer/chat/conversations';
import { getConfig } from '@/features/config/api/get-config';
import { employerPaths } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';
import { getTranslator } from '@/i18n/request';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('chat.employer.title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function EmployerChatPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  // `c` from the panel's own links; `conversation` from the candidates page and the unread-message mail.
  const asked = query.c ?? query.conversation;
  const selected = typeof asked === 'string' && asked.length > 0 && asked.length <= 128 ? asked : null;
  await requireEmployer(employerPaths.conversations(selected));
  const config = await getConfig();
  if (!config.featureFlags.candidateChat) notFound();
  const { locale, t } = await getTranslator();
  return (
    <>
      <h1>{t('chat.employer.title')}</h1>
      <EmployerConversations locale={locale} selected={selected} />
    </>
  );
}
