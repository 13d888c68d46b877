import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/** A link to a console route: the router navigates (no reload); a middle click still opens a tab. */
export function RouteLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link href={href} onClick={(event: MouseEvent<HTMLAnchorElement>) => handleClick(event)}>
      {children}
    </Link>
  );
}
