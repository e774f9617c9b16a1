import Link from 'next/link';
/** A quick on/off filter as a link with switch semantics (role=switch is allowed on links). */
export function SwitchLink({ href, checked, label, testId }: { href: string; checked: boolean; label: string; testId?: string }) {
  return (
    <Link prefetch={false} className="switch" href={href} role="switch" aria-checked={checked} data-testid={testId}>
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span>{label}</span>
    </Link>
  );
}
