import { useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type PageId, pathOf, switchLocale } from '../app/routes.ts';
import {
  layoutStore,
  useDict,
  useLayout,
  useLocale,
  usePlatformLinks,
  useSession,
  useSite,
} from '../app/state.ts';
import { DropdownButton } from './DropdownButton.tsx';
import { Link } from './Link.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { headerMenu, type MenuEntry } from './menu.ts';
import { UserArea } from './UserArea.tsx';

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
      <DropdownButton
        className="nav-link"
        open={open}
        controls={id}
        title={entry.tips}
        onClick={() => setOpen(!open)}
      >
        {entry.label}
      </DropdownButton>
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
  const search = useSearch();
  const other = locale === 'cn' ? 'en' : 'cn';
  return (
    <Link
      className="locale-switch"
      href={switchLocale(location, other, search)}
      lang={other === 'cn' ? 'zh-CN' : 'en'}
      aria-label={`${t.nav.language}: ${t.nav.switchTo}`}
    >
      {t.nav.switchTo}
    </Link>
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
      <DropdownButton className="nav-link" open={open} controls={id} onClick={() => setOpen(!open)}>
        {t.nav.city}
      </DropdownButton>
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
