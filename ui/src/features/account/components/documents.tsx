'use client';
/**
 * The candidate's stored CVs (at most 5): upload, replace, delete, and download through a
 * short-lived signed link (`POST …/documents/{id}/link`), so no document address outlives its use.
 */
import { useRef, useState } from 'react';
import { FormMessage } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ATTACHMENT_ACCEPT, attachmentError, formatBytes } from '@/lib/attachments';
import type { Candidate, CandidateDocument } from '@/lib/candidate';
import { errorKey, placeServerError } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/types';
import { deleteDocument, documentLink, MAX_DOCUMENTS, replaceDocument, uploadDocument } from '../api/documents';

type Status = { kind: 'error' | 'success'; text: string } | null;

export function Documents({ locale, candidate, onChanged }: { locale: Locale; candidate: Candidate; onChanged: () => Promise<unknown> }) {
  const t = createTranslator(locale);
  const input = useRef<HTMLInputElement>(null);
  // The document a chosen file replaces (null: a new one).
  const replacing = useRef<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const documents = candidate.applicationDocs;
  const newest = documents.reduce<CandidateDocument | null>((best, doc) => (!best || doc.uploadedAt >= best.uploadedAt ? doc : best), null);

  const fail = (error: unknown) => setStatus({ kind: 'error', text: t(errorKey('account.errors', placeServerError(error, {}).code, 'account.errors.generic')) });

  const choose = (documentId: string | null) => {
    replacing.current = documentId;
    setStatus(null);
    input.current?.click();
  };

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = attachmentError(file);
    if (problem) {
      setStatus({ kind: 'error', text: t(`account.errors.${problem}`) });
      return;
    }
    const target = replacing.current;
    setBusy(target ?? 'new');
    try {
      if (target) await replaceDocument(target, file);
      else await uploadDocument(file);
      await onChanged();
      setStatus({ kind: 'success', text: t(target ? 'account.documentReplaced' : 'account.documentUploaded') });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (doc: CandidateDocument) => {
    if (!window.confirm(t('account.deleteDocument', { file: doc.fileName }))) return;
    setBusy(doc.id);
    setStatus(null);
    try {
      await deleteDocument(doc.id);
      await onChanged();
      setStatus({ kind: 'success', text: t('account.documentDeleted') });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const download = async (doc: CandidateDocument) => {
    setBusy(doc.id);
    setStatus(null);
    try {
      const link = await documentLink(doc.id);
      // The answer is an attachment: the browser downloads it and stays on the page.
      window.location.assign(link.url);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="documents" data-testid="documents">
      <p className="muted">{t('account.documentsIntro')}</p>
      {documents.length ? (
        <ul className="documents__list">
          {[...documents].reverse().map((doc) => (
            <li key={doc.id} className="documents__item" data-testid="document">
              <span className="documents__icon" aria-hidden="true">
                {doc.fileName.split('.').pop()?.toUpperCase().slice(0, 4) ?? 'CV'}
              </span>
              <span className="documents__name">
                <strong>{doc.fileName}</strong>
                {doc.id === newest?.id && documents.length > 1 ? <span className="badge">{t('account.newest')}</span> : null}
                <span className="muted">{t('account.documentMeta', { size: formatBytes(doc.size, locale), date: formatDate(doc.uploadedAt, locale) })}</span>
              </span>
              <span className="documents__actions">
                <button type="button" className="button button--small" onClick={() => void download(doc)} disabled={busy !== null}>
                  {t('account.download')}
                </button>
                <button type="button" className="button button--small" onClick={() => choose(doc.id)} disabled={busy !== null}>
                  {t('account.replace')}
                </button>
                <button type="button" className="button button--small button--danger" onClick={() => void remove(doc)} disabled={busy !== null}>
                  {t('account.delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('account.noDocuments')}</p>
      )}
      <input ref={input} type="file" accept={ATTACHMENT_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" data-testid="document-input" onChange={(event) => void onFile(event.target.files?.[0])} />
      {documents.length < MAX_DOCUMENTS ? (
        <button type="button" className="button button--primary" onClick={() => choose(null)} disabled={busy !== null} data-testid="document-upload">
          {busy === 'new' ? t('account.uploading') : t('account.upload')}
        </button>
      ) : null}
      {status ? (
        <FormMessage kind={status.kind} testId="documents-status">
          {status.text}
        </FormMessage>
      ) : null}
    </div>
  );
}
