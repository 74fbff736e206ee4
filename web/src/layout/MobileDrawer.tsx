import { useEffect, useRef } from 'react';
import type { PageId } from '../app/routes.ts';
import { layoutStore, useDict, useLayout, useLocale } from '../app/state.ts';
import { type DrawerExtraLinks, drawerExtras } from './drawerExtras.ts';
import { lineIcon, menuIconPaths } from './icons.tsx';
import { Link } from './Link.tsx';
import { drawerVariant, type MenuEntry } from './menu.ts';
import { UserArea } from './UserArea.tsx';

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

/** The narrow screens' menu: the page's extra links, the header menu and the user's area. */
export function MobileDrawer(props: { page: PageId; menu: MenuEntry[] }) {
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
        {extras && <DrawerExtras extras={extras} onFollow={close} />}
        <ul>
          {props.menu.map((entry) => (
            <DrawerEntry key={entry.index} entry={entry} onFollow={close} />
          ))}
        </ul>
        <div className="drawer-user">
          <UserArea compact />
        </div>
      </nav>
    </>
  );
}

/** The links of the page's area (`drawerExtras`) above the menu; following one closes the drawer. */
function DrawerExtras(props: { extras: DrawerExtraLinks; onFollow(): void }) {
  return (
    <section className="drawer-extra">
      <p className="drawer-title">{props.extras.title}</p>
      <ul>
        {props.extras.links.map((link) => (
          <li key={link.path}>
            <Link href={link.path} onClick={props.onFollow}>
              {link.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A menu entry: a link, or a disclosure of its groups' links; following one closes the drawer. */
function DrawerEntry(props: { entry: MenuEntry; onFollow(): void }) {
  const t = useDict();
  const { entry, onFollow } = props;
  return (
    <li>
      {entry.path ? (
        <Link href={entry.path} onClick={onFollow}>
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
                  <Link href={child.path} onClick={onFollow}>
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
  );
}
