import { Button, type ButtonProps, Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/** react-router's navigation for an anchor (no page reload; a middle click still opens a tab). */
function useRouterAnchor(to: string) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return { href, onClick: (event: MouseEvent<HTMLAnchorElement>) => handleClick(event) };
}

/** A Fluent link to a console route. */
export function RouterLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link as="a" className={className} {...useRouterAnchor(to)}>
      {children}
    </Link>
  );
}

/** A console route drawn as a button (e.g. the 404's Go Back). */
export function RouterButtonLink({
  to,
  children,
  ...props
}: Pick<ButtonProps, 'appearance' | 'icon' | 'size' | 'className'> & { to: string; children: ReactNode }) {
  return (
    <Button as="a" {...props} {...useRouterAnchor(to)}>
      {children}
    </Button>
  );
}
