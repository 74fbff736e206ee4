import { useEffect, useRef } from 'react';
import { type PageId, pathOf } from '../app/routes.ts';
import { layoutStore, useDict, useLayout, useLocale } from '../app/state.ts';
import { lineIcon, menuIconPaths } from './icons.tsx';
import { Link } from './Link.tsx';
import { type DrawerVariant, drawerVariant, type MenuEntry } from './menu.ts';
import { UserArea } from './UserArea.tsx';

/** An area's own links, shown above the menu under the area's title. */
interface DrawerExtraLinks {
  title: string;
  links: { text: string; path: string }[];
}

function drawerExtras(
  variant: DrawerVariant,
  locale: 'cn' | 'en',
  t: ReturnType<typeof useDict>,
): DrawerExtraLinks | undefined {
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
