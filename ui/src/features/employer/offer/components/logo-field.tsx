'use client';
/** Section 1's logo: JPEG or PNG of at most 5 MB, uploaded at once (the server checks the content). */
import { useState } from 'react';
import { FieldChrome } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { uploadLogo } from '../api';
import { LOGO_MAX_BYTES, LOGO_MIN_BYTES, LOGO_TYPES } from '../schema';
import { offerErrorText, type SectionProps } from './form-kit';

/** The error code of a chosen file, before any upload (null: fine). */
export function logoFileError(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return 'logo_empty';
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'logo_wrong_format';
  if (file.size > LOGO_MAX_BYTES) return 'logo_too_large';
  if (file.size < LOGO_MIN_BYTES) return 'logo_too_small';
  return null;
}

export function LogoField({ form, t, slug, error, onUploaded }: SectionProps & { onUploaded: () => Promise<string | null> }) {
  const [busy, setBusy] = useState(false);
  const logo = form.watch('companyLogo');
  const message = error('companyLogo');
  const onChange = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = logoFileError(file);
    if (local) {
      form.setError('companyLogo', { type: 'client', message: local });
      return;
    }
    setBusy(true);
    try {
      await uploadLogo(slug, file);
      const url = await onUploaded();
      form.setValue('companyLogo', url ?? '', { shouldDirty: false });
      form.clearErrors('companyLogo');
    } catch (failure) {
      form.setError('companyLogo', { type: 'server', message: failure instanceof ApiError ? failure.code : 'network_error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FieldChrome id="offer-logo" label={t('employer.offerForm.companyLogo')} required error={message} hint={busy ? t('employer.offerForm.logoUploading') : t('employer.offerForm.logoHint')}>
      <div className="logo-field">
        {logo ? <img src={logo} alt={t('employer.offerForm.logoCurrent')} width={72} height={72} className="logo-field__preview" data-testid="logo-preview" /> : null}
        <input id="offer-logo" type="file" accept="image/jpeg,image/png" onChange={onChange} disabled={busy} aria-describedby={`offer-logo-hint${message ? ' offer-logo-error' : ''}`} aria-invalid={message ? true : undefined} data-testid="logo-input" />
      </div>
    </FieldChrome>
  );
}

export { offerErrorText };
