import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { pathOf } from '../app/routes.ts';
import { endSession, useDict, useLocale, usePlatformLinks, useSession } from '../app/state.ts';
import { userMenu } from '../stores/session.ts';
import { DropdownButton } from './DropdownButton.tsx';
import { Link } from './Link.tsx';

/** The header's sign-in links, or the signed-in user's menu (in the drawer: `compact`). */
export function UserArea(props: { compact?: boolean }) {
  const t = useDict();
  const locale = useLocale();
  const userName = useSession((state) => state.userName);
  const user = useSession((state) => state.loginUserMess);
  const links = usePlatformLinks();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!userName || !user) {
    return (
      <div className="user-area">
        <a className="btn btn-primary btn-small" href={links.login}>
          {props.compact ? t.nav.loginRegister : t.nav.login}
        </a>
        {!props.compact && (
          <a className="register-link" href={links.register}>
            {t.nav.register}
          </a>
        )}
      </div>
    );
  }
  const menu = userMenu(user);
  const home = pathOf(locale, 'home');
  const here = typeof window === 'undefined' ? home : window.location.origin + home;
  return (
    <div className={`user-area has-sub${open ? ' open' : ''}`}>
      <DropdownButton className="nav-link user-name" open={open} controls={id} onClick={() => setOpen(!open)}>
        {userName}
      </DropdownButton>
      <ul className="submenu user-menu" id={id}>
        <li>
          <Link href={pathOf(locale, 'messForm')} onClick={() => setOpen(false)}>
            {t.nav.submitRequirement}
          </Link>
        </li>
        {menu.client && (
          <li>
            <a href={links.client}>{t.nav.clientSide}</a>
          </li>
        )}
        {menu.server && (
          <li>
            <a href={links.server}>{t.nav.serverSide}</a>
          </li>
        )}
        <li>
          <button
            type="button"
            className="link-button"
            onClick={async () => {
              setOpen(false);
              // The server session ends first; then home, or the platform's logout when one is configured.
              await endSession();
              const target = links.afterLogout(here);
              if (target === here) navigate(home);
              else window.location.assign(target);
            }}
          >
            {t.nav.logout}
          </button>
        </li>
      </ul>
    </div>
  );
}
