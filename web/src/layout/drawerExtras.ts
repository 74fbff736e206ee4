import { type Locale, pathOf } from '../app/routes.ts';
import type { Dict } from '../i18n/i18n.ts';
import type { DrawerVariant } from './menu.ts';

/** An area's own links, shown above the menu under the area's title. */
export interface DrawerExtraLinks {
  title: string;
  links: { text: string; path: string }[];
}

/** The extra links of an area's mobile drawer (`drawerVariant`); none on the other pages. */
export function drawerExtras(variant: DrawerVariant, locale: Locale, t: Dict): DrawerExtraLinks | undefined {
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
