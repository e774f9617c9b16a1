import { redirect } from 'next/navigation';
import { employerPaths } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';

/** `/employer`: the panel starts at the offers. */
export default async function EmployerHome() {
  await requireEmployer(employerPaths.panel());
  redirect(employerPaths.offers());
}
