/** Folds Polish (and other Latin) diacritics and makes a URL slug: "Łódź Fabryczna" → "lodz-fabryczna". */
export function slugify(text: string): string {
  return text
    .replace(/[łŁ]/g, 'l')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
