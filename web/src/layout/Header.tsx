import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { type PageId, pathOf, switchLocale } from '../app/routes.ts';
import {
  endSession,
  layoutStore,
  useDict,
  useLayout,
  useLocale,
  usePlatformLinks,
  useSession,
  useSite,
} from '../app/state.ts';
import { userMenu } from '../stores/session.ts';
import { lineIcon, menuIconPaths } from './icons.tsx';
import { Link } from './Link.tsx';
import { type DrawerVariant, drawerVariant, headerMenu, type MenuEntry } from './menu.ts';

function SubMenu(props: { entry: MenuEntry; hotLabel: string }) {
  const { entry, hotLabel } = props;
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li
      className={`nav-item has-sub${open ? ' open' : ''}`}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={id}
        title={entry.tips}
        onClick={() => setOpen(!open)}
      >
        {entry.label}
        <span aria-hidden="true" className="caret" />
      </button>
      <div className="submenu" id={id}>
        {entry.groups?.map((group) => (
          <div className="submenu-group" key={group.title}>
            <p className="submenu-title">{group.title}</p>
            <ul>
              {group.children.map((child) => (
                <li key={child.index}>
                  <Link href={child.path} onClick={() => setOpen(false)}>
                    {child.text}
                    {child.hot && <span className="hot">{hotLabel}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </li>
  );
}

function LocaleSwitch() {
  const t = useDict();
  const locale = useLocale();
  const [location] = useLocation();
  const other = locale === 'cn' ? 'en' : 'cn';
  return (
    <Link
      className="locale-switch"
      href={switchLocale(location, other)}
      lang={other === 'cn' ? 'zh-CN' : 'en'}
      aria-label={`${t.nav.language}: ${t.nav.switchTo}`}
    >
      {t.nav.switchTo}
    </Link>
  );
}

function UserArea(props: { compact?: boolean }) {
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
      <button
        type="button"
        className="nav-link user-name"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {userName}
        <span aria-hidden="true" className="caret" />
      </button>
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

/** §2 city dropdown: the regional sites the operator gave an address (`site.regionalSites`). */
function CityDropdown() {
  const t = useDict();
  const [open, setOpen] = useState(false);
  const id = useId();
  const sites = (useSite()?.site.regionalSites ?? []).filter((site) => site.url);
  if (sites.length === 0) return null;
  return (
    <div className={`city has-sub${open ? ' open' : ''}`}>
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {t.nav.city}
        <span aria-hidden="true" className="caret" />
      </button>
      <ul className="submenu" id={id}>
        {sites.map((site) => (
          <li key={site.id}>
            <a href={site.url}>{t.nav.cities[site.id]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Header(props: { page: PageId }) {
  const t = useDict();
  const locale = useLocale();
  const fixed = useLayout((state) => state.headerFixed);
  const drawerOpen = useLayout((state) => state.drawerOpen);
  const loggedIn = useSession((state) => Boolean(state.userName));
  const links = usePlatformLinks();
  const menu = headerMenu(locale, t);
  return (
    <header className={`site-header${fixed ? ' on' : ''}`}>
      <div className="header-inner">
        <Link href={pathOf(locale, 'home')} className="brand" aria-label={t.site.fullName}>
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand-name">{t.site.name}</span>
        </Link>
        <nav className="desktop-nav" aria-label={t.site.fullName}>
          <ul>
            {menu.map((entry) =>
              entry.groups ? (
                <SubMenu key={entry.index} entry={entry} hotLabel={t.nav.hot} />
              ) : (
                <li className="nav-item" key={entry.index}>
                  <Link className="nav-link" href={entry.path!} title={entry.tips}>
                    {entry.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="header-tools">
          <CityDropdown />
          <a
            className="nav-link manage-link"
            href={links.management(
              loggedIn,
              typeof window === 'undefined' ? '' : window.location.href,
              '/workbench',
            )}
          >
            {t.nav.managementPlatform}
          </a>
          <LocaleSwitch />
          <UserArea />
        </div>
        <div className="mobile-tools">
          <LocaleSwitch />
          <button
            type="button"
            className="menu-button"
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            aria-label={drawerOpen ? t.nav.closeMenu : t.nav.openMenu}
            onClick={() => layoutStore.getState().toggleDrawer()}
          >
            <span aria-hidden="true" />
          </button>
        </div>
      </div>
      <MobileDrawer page={props.page} menu={menu} />
    </header>
  );
}

function drawerExtras(variant: DrawerVariant, locale: 'cn' | 'en', t: ReturnType<typeof useDict>) {
  switch (variant) {
    case 'openPlatform':
      return {
        title: t.nav.openPlatform,
        links: [
          { text: t.docs.overview, path: pathOf(locale, 'technologyPlatform') },
          { text: t.docs.groups.logistics, path: pathOf(locale, 'docsCenter', 'logistics') },
          { text: t.docs.groups.business, path: pathOf(locale, 'docsCenter', 'business') },
          { text: t.docs.groups.logistics2, path: pathOf(locale, 'docsCenter', 'logistics2') },
          { text: t.nav.console, path: pathOf(locale, 'console') },
        ],
      };
    case 'finance':
      return {
        title: t.nav.financeGroup,
        links: [
          { text: t.nav.cloudFinance, path: pathOf(locale, 'cloudFinance') },
          { text: t.nav.orderFinancing, path: pathOf(locale, 'cloudFinanceDetail', 'Kjdsddrz') },
          { text: t.nav.inventoryPledge, path: pathOf(locale, 'cloudFinanceDetail', 'Xsxed') },
          { text: t.nav.purchasingAgency, path: pathOf(locale, 'cloudFinanceDetail', 'Hmcgwy') },
          { text: t.nav.factoring, path: pathOf(locale, 'cloudFinanceDetail', 'Lklblrz') },
        ],
      };
    case 'help':
    case 'rules':
      return {
        title: variant === 'help' ? t.nav.helpCenter : t.nav.ruleCenter,
        links: [
          { text: t.nav.helpCenter, path: pathOf(locale, 'helpCenterIndex') },
          { text: t.nav.ruleCenter, path: pathOf(locale, 'ruleCenter', '5101') },
          { text: t.nav.contactUs, path: pathOf(locale, 'contactUs') },
        ],
      };
    default:
      return undefined;
  }
}

/** A drawer entry: its icon, its label and, on a second line, its tips (§3 menu entry). */
function DrawerLabel(props: { entry: MenuEntry }) {
  return (
    <span className="drawer-label">
      {lineIcon(menuIconPaths[props.entry.icon], 'menu-icon', 20)}
      <span>
        {props.entry.label}
        <small className="menu-tips">{props.entry.tips}</small>
      </span>
    </span>
  );
}

function MobileDrawer(props: { page: PageId; menu: MenuEntry[] }) {
  const t = useDict();
  const locale = useLocale();
  const open = useLayout((state) => state.drawerOpen);
  const extras = drawerExtras(drawerVariant(props.page), locale, t);
  const close = () => layoutStore.getState().toggleDrawer(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Keyboard use: focus moves into the drawer when it opens; Escape closes it and returns focus.
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      layoutStore.getState().toggleDrawer(false);
      document.querySelector<HTMLButtonElement>('.menu-button')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      {open && (
        <button
          type="button"
          className="drawer-mask"
          tabIndex={-1}
          aria-label={t.nav.closeMenu}
          onClick={close}
        />
      )}
      <nav
        id="mobile-drawer"
        className={`drawer${open ? ' open' : ''}`}
        aria-label={t.nav.openMenu}
        hidden={!open}
      >
        <div className="drawer-head">
          <span className="brand-name">{t.site.name}</span>
          <button
            ref={closeButton}
            type="button"
            className="drawer-close"
            aria-label={t.nav.closeMenu}
            onClick={close}
          >
            ×
          </button>
        </div>
        {extras && (
          <section className="drawer-extra">
            <p className="drawer-title">{extras.title}</p>
            <ul>
              {extras.links.map((link) => (
                <li key={link.path}>
                  <Link href={link.path} onClick={close}>
                    {link.text}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <ul>
          {props.menu.map((entry) => (
            <li key={entry.index}>
              {entry.path ? (
                <Link href={entry.path} onClick={close}>
                  <DrawerLabel entry={entry} />
                </Link>
              ) : (
                <details>
                  <summary>
                    <DrawerLabel entry={entry} />
                  </summary>
                  {entry.groups?.map((group) => (
                    <ul key={group.title}>
                      {group.children.map((child) => (
                        <li key={child.index}>
                          <Link href={child.path} onClick={close}>
                            {child.text}
                            {child.hot && <span className="hot">{t.nav.hot}</span>}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ))}
                </details>
              )}
            </li>
          ))}
        </ul>
        <div className="drawer-user">
          <UserArea compact />
        </div>
      </nav>
    </>
  );
}
