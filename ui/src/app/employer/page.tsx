import { redirect } from 'next/navigation';
import { employerPaths } from '@/lib/employer/paths';
import { requireEmployer } from '@/lib/employer/server';

/** `/employer`: the panel starts at the offers. */
export default async function EmployerHome() {
  await requireEmployer(employerPaths.panel());
  redirect(employerPaths.offers());
}
