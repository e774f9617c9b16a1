'use client';
/** "Delete this saved search?" (its alert too, when it has one): the list page's bar and the saved-searches page. */
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Translator } from '@/i18n/translate';

export function DeleteSearchDialog({ t, open, name, hasAlert, busy, onConfirm, onCancel, testId }: { t: Translator; open: boolean; name: string; hasAlert: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void; testId: string }) {
  return (
    <ConfirmDialog
      open={open}
      title={t('alerts.delete.title')}
      confirmLabel={t('alerts.delete.confirm')}
      cancelLabel={t('alerts.cancel')}
      closeLabel={t('alerts.close')}
      busy={busy}
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId={testId}
    >
      <p>{t(hasAlert ? 'alerts.delete.bodyAlert' : 'alerts.delete.body', { name })}</p>
    </ConfirmDialog>
  );
}
