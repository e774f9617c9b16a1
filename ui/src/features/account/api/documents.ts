/** Stored CVs: upload, replace, delete and a short-lived private download link. */
import { apiWrite } from '@/lib/api-write';
import type { CandidateDocument } from '@/lib/candidate';

/** Spec: at most 5 stored documents (the API answers 422 `too_many_documents` beyond). */
export const MAX_DOCUMENTS = 5;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.set('file', file, file.name);
  return form;
}

export const uploadDocument = (file: File) => apiWrite<CandidateDocument>('POST', '/v1/candidate/documents', fileForm(file)) as Promise<CandidateDocument>;

export const replaceDocument = (id: string, file: File) => apiWrite<CandidateDocument>('PUT', `/v1/candidate/documents/${encodeURIComponent(id)}`, fileForm(file)) as Promise<CandidateDocument>;

export const deleteDocument = (id: string) => apiWrite('DELETE', `/v1/candidate/documents/${encodeURIComponent(id)}`);

/** A signed link under `/api/{tenant}/v1/candidate/documents/{id}/download?…`, valid for a short while. */
export const documentLink = (id: string) => apiWrite<{ url: string; expiresAt: string }>('POST', `/v1/candidate/documents/${encodeURIComponent(id)}/link`) as Promise<{ url: string; expiresAt: string }>;
