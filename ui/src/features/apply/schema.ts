/**
 * The apply form's rules as a zod schema (spec §5 "Apply form"). Issue messages are the spec's
 * keys below `applyForm.errors.` (`required`, `invalidEmail`, `fileOrDescriptionRequired`,
 * `fileSize`, `fileType`, `messageLength`); the server checks the same and has the last word.
 */
import { z } from 'zod';
import { attachmentError } from '@/lib/attachments';
import { MESSAGE_MAX, type ApplyValues } from './rules';

/** Length in characters (code points), as the server counts, not UTF-16 units. */
export const characterCount = (text: string) => [...text].length;

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/**
 * The schema of one form. `oneClick`: the stored CV goes instead of an attachment, so neither an
 * attachment nor a message is needed.
 */
export function applySchema({ oneClick }: { oneClick: boolean }) {
  return z
    .object({
      name: z.string().trim().min(1, 'required'),
      email: z.string().trim().min(1, 'required').pipe(z.email('invalidEmail')),
      message: z.string().refine((text) => characterCount(text) <= MESSAGE_MAX, 'messageLength'),
      attachment: z.custom<File | null>((value) => value === null || isFile(value), 'fileType'),
      futureConsent: z.boolean(),
      customConsent: z.boolean(),
    })
    .superRefine((values, context) => {
      const file = isFile(values.attachment) ? values.attachment : null;
      if (file) {
        const problem = attachmentError(file);
        if (problem) context.addIssue({ code: 'custom', path: ['attachment'], message: problem });
      } else if (!oneClick && !values.message.trim()) {
        context.addIssue({ code: 'custom', path: ['attachment'], message: 'fileOrDescriptionRequired' });
      }
    }) satisfies z.ZodType<ApplyValues, ApplyValues>;
}

export type ApplySchema = ReturnType<typeof applySchema>;
