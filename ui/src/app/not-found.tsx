import { NotFoundView } from '@/components/ui/not-found-view';
import { getLocale } from '@/i18n/request';

export default async function NotFound() {
  return <NotFoundView locale={await getLocale()} />;
}
