'use client';
/**
 * `#add-alert` opens the register-alert dialog (spec §2). Opening pushes the hash (Back closes the
 * dialog); closing goes back when we pushed it, else drops the hash in place
 * (components/ui/hash-modal.ts).
 */
import { createHashModal } from '@/components/ui/hash-modal';

export const ADD_ALERT_HASH = '#add-alert';

export const isAddAlertHash = (hash: string | null | undefined) => (hash ?? '').trim().toLowerCase() === ADD_ALERT_HASH;

const addAlert = createHashModal<typeof ADD_ALERT_HASH>({
  event: 'wakat:add-alert',
  read: (hash) => (isAddAlertHash(hash) ? ADD_ALERT_HASH : null),
  href: (base, value) => (value ? `${base}${value}` : base),
});

export const openAddAlert = () => addAlert.open(ADD_ALERT_HASH);
export const closeAddAlert = addAlert.close;

export function useAddAlertHash() {
  const { value, close } = addAlert.useHashModal();
  return { open: value !== null, show: openAddAlert, close };
}
