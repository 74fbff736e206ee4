import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { type ConnectionHints, prefetchFor } from '../app/loading.ts';

/** §4: a link's page loaded on demand is fetched when the visitor shows the intent to follow it, not on 2g or data saver. */
const prefetch = (href: string) => () =>
  prefetchFor(href, (navigator as { connection?: ConnectionHints }).connection);

/**
 * An in-app link. §2: route changes scroll to the top "also when navigating to the same path",
 * which a router alone does not do (the location does not change), so the click does it.
 */
export function Link(
  props: { href: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>,
) {
  const { href, children, onClick, ...rest } = props;
  const [, navigate] = useLocation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(href);
    window.scrollTo({ top: 0, left: 0 });
  };
  return (
    <a
      href={href}
      onClick={follow}
      onMouseEnter={prefetch(href)}
      onFocus={prefetch(href)}
      onTouchStart={prefetch(href)}
      {...rest}
    >
      {children}
    </a>
  );
}
