'use client';
/**
 * The company's brand story: address (slug), type, short descriptions, HTML description (cleaned
 * by the server), technologies of the board's list (suggested by a datalist, checked by the
 * server), a cover photo and a gallery, published or a draft. Sent as multipart to
 * `PUT /v2/employer-panel/brand-stories/{slug}`.
 */
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField, SelectField, TextArea, TextField } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { employerWrite } from '@/features/employer/session/client';
import type { Locale } from '@/lib/types';
import { employerErrorText, showEmployerServerError } from '../account/errors';
import { FileField, fileErrorOf, FormStatus } from './panel-forms';
import { storySchema, STORY_FIELDS, type StoryValues } from './schemas';
import { COMPANY_TYPES, type StoryData } from './types';

function valuesOf(story: StoryData | null, proposedSlug: string): StoryValues {
  return {
    slug: story?.slug ?? proposedSlug,
    type: story?.type ?? '',
    shortDescription: story?.shortDescription ?? '',
    shortDescriptionEn: story?.shortDescriptionEn ?? '',
    description: story?.description ?? '',
    technologies: story?.technologies.join(', ') ?? '',
    published: story?.published ?? false,
  };
}

export function StoryForm({ locale, story, proposedSlug, technologies }: { locale: Locale; story: StoryData | null; proposedSlug: string; technologies: string[] }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const [fileError, setFileError] = useState<{ field: string; code: string } | null>(null);
  const cover = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const form = useForm<StoryValues>({ resolver: zodResolver(storySchema), defaultValues: valuesOf(story, proposedSlug), mode: 'onTouched' });
  const error = (name: keyof StoryValues) => employerErrorText(t, form.formState.errors[name]);
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    setFileError(null);
    const body = new FormData();
    body.set('type', values.type);
    body.set('shortDescription', values.shortDescription.trim());
    body.set('shortDescriptionEn', values.shortDescriptionEn.trim());
    body.set('description', values.description);
    for (const name of values.technologies.split(',').map((n) => n.trim()).filter(Boolean)) body.append('technologies', name);
    body.set('published', values.published ? 'true' : 'false');
    const coverFile = cover.current?.files?.[0];
    if (coverFile) body.set('coverPhoto', coverFile);
    for (const file of Array.from(gallery.current?.files ?? [])) body.append('images', file);
    try {
      const answer = await employerWrite<StoryData>('PUT', `/v2/employer-panel/brand-stories/${encodeURIComponent(values.slug.trim())}`, body);
      // The server's cleaned texts and the dictionary's names of the technologies.
      if (answer) form.reset(valuesOf(answer, proposedSlug));
      setSaved(true);
      for (const input of [cover.current, gallery.current]) if (input) input.value = '';
      router.refresh();
    } catch (failure) {
      const field = ['coverPhoto', 'images'].find((name) => fileErrorOf(failure, [name]));
      if (field) setFileError({ field, code: fileErrorOf(failure, [field])! });
      else showEmployerServerError(form, failure, STORY_FIELDS);
    }
  });
  const fileText = (field: string) => (fileError?.field === field ? employerErrorText(t, { message: fileError.code }) : null);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="story-form">
      <FormStatus form={form} saved={saved} t={t} />
      <TextField id="story-slug" label={t('employerCompany.field.slug')} required error={error('slug')} {...form.register('slug')} />
      <SelectField
        id="story-type"
        label={t('employerCompany.field.type')}
        required
        placeholder={t('employerCompany.company.chooseSize')}
        options={COMPANY_TYPES.map((type) => ({ value: type, label: t(`employerCompany.type.${type}`) }))}
        error={error('type')}
        {...form.register('type')}
      />
      <TextArea id="story-short" label={t('employerCompany.field.shortDescription')} rows={3} required error={error('shortDescription')} {...form.register('shortDescription')} />
      <TextArea id="story-short-en" label={t('employerCompany.field.shortDescriptionEn')} rows={3} error={error('shortDescriptionEn')} {...form.register('shortDescriptionEn')} />
      <TextArea id="story-description" label={t('employerCompany.field.description')} rows={8} error={error('description')} {...form.register('description')} />
      <TextField id="story-technologies" label={t('employerCompany.field.technologies')} list="story-technologies-list" error={error('technologies')} {...form.register('technologies')} />
      <datalist id="story-technologies-list">
        {technologies.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {story?.coverPhotoUrl ? <img className="panel-cover" src={story.coverPhotoUrl} alt="" width={320} height={120} data-testid="story-cover" /> : null}
      <FileField id="story-cover-file" label={t('employerCompany.field.coverPhoto')} error={fileText('coverPhoto')} inputRef={cover} />
      <FileField id="story-images-file" label={t('employerCompany.field.images')} error={fileText('images')} multiple inputRef={gallery} />
      <CheckboxField id="story-published" label={t('employerCompany.field.published')} {...form.register('published')} />
      <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="story-submit">
        {t('employerCompany.save')}
      </button>
    </form>
  );
}
