import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useStore } from 'zustand';
import { type PageId, pathOf } from '../app/routes.ts';
import { consoleStore, useDict, useLocale } from '../app/state.ts';
import { Link } from '../layout/Link.tsx';
import { PageHero } from '../pages/common.tsx';
import { consoleCall } from './consoleApi.ts';
import { consoleTabs, keyAccountOf, landingPageOf } from './keyAccount.ts';
import { LenderWorkstation } from './LenderWorkstation.tsx';
import { OperatorConsole } from './OperatorConsole.tsx';
import { PartnerConsole } from './PartnerConsole.tsx';
import { SignIn } from './SignIn.tsx';
import { SubscriberConsole } from './SubscriberConsole.tsx';

/**
 * The console, loaded on demand as one chunk (pages/registry.tsx): sign-in, then the tab of each
 * role the key holds (partner, lender, subscriber, operator); `/console` opens the key's own.
 */
export function ConsolePage(props: { page: PageId }) {
  const t = useDict();
  const locale = useLocale();
  const apiKey = useStore(consoleStore, (state) => state.apiKey);
  const account = useStore(consoleStore, (state) => state.account);
  const [, navigate] = useLocation();
  // Who the key is decides the tab `/console` opens on and what the lender's forms offer.
  useEffect(() => {
    if (!apiKey) return;
    void consoleStore.getState().loadAccount(async (key) => {
      const answer = await consoleCall(key, locale, '/open/account');
      return answer.ok ? keyAccountOf(answer.body) : undefined;
    });
  }, [apiKey, locale]);
  const landing = landingPageOf(account);
  useEffect(() => {
    if (props.page === 'console' && landing) navigate(pathOf(locale, landing), { replace: true });
  }, [props.page, landing, locale, navigate]);
  const accountAsked = useStore(consoleStore, (state) => state.accountAsked);
  // A query API that could not say who the key is: the partner tab, as before keys were asked.
  const page =
    props.page === 'console' ? (landing ?? (accountAsked ? 'consolePartner' : undefined)) : props.page;
  return (
    <main id="main" className="page console">
      <PageHero title={t.console.title}>
        {apiKey && (
          <button type="button" className="btn btn-ghost" onClick={() => consoleStore.getState().signOut()}>
            {t.console.signOut}
          </button>
        )}
      </PageHero>
      <div className="container">
        {!apiKey ? (
          <SignIn />
        ) : (
          <>
            <nav className="tabs" aria-label={t.console.title}>
              {consoleTabs.map((tab) => (
                <Link
                  key={tab.page}
                  href={pathOf(locale, tab.page)}
                  aria-current={page === tab.page ? 'page' : undefined}
                >
                  {t.console.roles[tab.role]}
                </Link>
              ))}
            </nav>
            {page === 'consolePartner' && <PartnerConsole apiKey={apiKey} />}
            {page === 'consoleLender' && <LenderWorkstation apiKey={apiKey} />}
            {page === 'consoleSubscriber' && <SubscriberConsole apiKey={apiKey} />}
            {page === 'consoleOperator' && <OperatorConsole apiKey={apiKey} />}
          </>
        )}
      </div>
    </main>
  );
}
