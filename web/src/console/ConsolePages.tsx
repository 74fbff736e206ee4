import type { BoundedValidate } from '@tradelog/schemas/documents/boundedValidator';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import type { ValidationIssue } from '@tradelog/schemas/documents/issues';
import { type FormEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useStore } from 'zustand';
import { type PageId, pathOf } from '../app/routes.ts';
import { consoleStore, useDict, useLocale } from '../app/state.ts';
import { errorText } from '../http/request.ts';
import { format, pick } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { PageHero } from '../pages/common.tsx';
import { AsOfPicker } from './AsOfPicker.tsx';
import { ChainDiagram } from './ChainDiagram.tsx';
import type { LinkNodeResponse } from './chainLayout.ts';
import { type ChainRequest, type ChainStore, createChainStore, withAsOf } from './chainStore.ts';
import type { CollateralAlert, ExposedPiece } from './collateral.ts';
import { pieceLabel } from './collateral.ts';
import { consoleCall } from './consoleApi.ts';
import { authorizationHeader } from './consoleStore.ts';
import { documentValidator } from './documentValidators.ts';
import { EnterpriseField } from './EnterpriseField.tsx';
import { consoleTabs, enterpriseChoices, keyAccountOf, landingPageOf } from './keyAccount.ts';
import { LenderTables } from './LenderTables.tsx';
import { LenderTracking } from './LenderTracking.tsx';
import { OperatorConsole } from './OperatorConsole.tsx';
import { PartnerDocuments } from './PartnerDocuments.tsx';
import { Portfolio } from './Portfolio.tsx';
import { SubscriberConsole } from './SubscriberConsole.tsx';
import { TrendChart } from './TrendChart.tsx';

/** The ingest product name that fills `{product}` in submission paths (ingest's INGEST_PRODUCT default). */
export const ingestProduct = import.meta.env.VITE_INGEST_PRODUCT ?? 'tradelog';

function SignIn() {
  const t = useDict();
  const [key, setKey] = useState('');
  const id = useId();
  return (
    <form
      className="form-card narrow-card"
      onSubmit={(event) => {
        event.preventDefault();
        consoleStore.getState().signIn(key);
      }}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t.console.signInTitle}</h2>
      <p className="muted">{t.console.signInLead}</p>
      <div className="field">
        <label htmlFor={`${id}-key`}>{t.console.apiKey}</label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          required
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block">
        {t.console.signIn}
      </button>
    </form>
  );
}

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

/** Submission path with `{product}` filled the way ingest fills it. */
export function submissionPath(path: string, product: string): string {
  return path.replaceAll('{product}', product);
}

function PartnerConsole(props: { apiKey: string }) {
  const t = useDict();
  const locale = useLocale();
  const [typeId, setTypeId] = useState<DocumentTypeId>('pod');
  // The chosen type's checks load on demand (web/README.md "Content Security Policy").
  const [checks, setChecks] = useState<{ typeId: DocumentTypeId; validate?: BoundedValidate }>();
  useEffect(() => {
    let current = true;
    documentValidator(typeId).then(
      (validate) => current && setChecks({ typeId, validate }),
      () => current && setChecks({ typeId }),
    );
    return () => {
      current = false;
    };
  }, [typeId]);
  const validate = checks?.typeId === typeId ? checks.validate : undefined;
  const checking = checks?.typeId !== typeId;
  const [text, setText] = useState(() => JSON.stringify(examples.pod, null, 2));
  const [busy, setBusy] = useState(false);
  const submissions = useStore(consoleStore, (state) => state.submissions);
  const [lookUp, setLookUp] = useState<string>();
  const type = documentTypes.find((candidate) => candidate.id === typeId)!;
  const id = useId();

  const { issues, parsed, parseError } = useMemo(() => {
    try {
      const value: unknown = JSON.parse(text);
      return { parsed: value, issues: validate ? validate(value) : [], parseError: undefined };
    } catch (error) {
      return {
        parsed: undefined,
        issues: [] as ValidationIssue[],
        parseError: error instanceof Error ? error.message : String(error),
      };
    }
  }, [text, validate]);

  const choose = (next: DocumentTypeId) => {
    setTypeId(next);
    setText(JSON.stringify(examples[next], null, 2));
  };

  // `validateOnly`: ingest runs every check and appends nothing (ingest README "Validating without submitting").
  const send = async (validateOnly: boolean) => {
    if (checking || parseError || issues.length > 0) return;
    setBusy(true);
    const path = submissionPath(type.path, ingestProduct);
    try {
      const response = await fetch(validateOnly ? `${path}?validateOnly=true` : path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': locale === 'en' ? 'en' : 'zh-CN',
          ...authorizationHeader(props.apiKey),
        },
        body: JSON.stringify(parsed),
      });
      const body = (await response.json().catch(() => ({}))) as {
        flag?: string;
        code?: string;
        message?: string;
        documentId?: string;
      };
      consoleStore.getState().recordSubmission({
        documentType: type.id,
        path,
        status: response.status,
        flag: body.flag ?? (response.ok ? 'success' : 'failure'),
        code: body.code ?? String(response.status),
        message: body.message ?? errorText(body),
        ...(body.documentId ? { documentId: body.documentId } : {}),
        ...(validateOnly ? { validateOnly } : {}),
      });
    } catch {
      consoleStore.getState().recordSubmission({
        documentType: type.id,
        path,
        status: 0,
        flag: 'failure',
        code: 'NETWORK',
        message: 'Network Error',
      });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.console.partner.title}</h2>
      <form className="console-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t.console.partner.type}</label>
          <select
            id={`${id}-type`}
            value={typeId}
            onChange={(event) => choose(event.target.value as DocumentTypeId)}
          >
            {documentTypes.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {pick(candidate.title, locale)} — {submissionPath(candidate.path, ingestProduct)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-body`}>{t.console.partner.body}</label>
          <textarea
            id={`${id}-body`}
            className="code-input"
            spellCheck={false}
            rows={18}
            value={text}
            aria-describedby={`${id}-status`}
            aria-invalid={parseError || issues.length > 0 ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div
          id={`${id}-status`}
          role="status"
          aria-live="polite"
          className={parseError || issues.length ? 'issues bad' : 'issues ok'}
        >
          {parseError ? (
            format(t.console.partner.parseError, { message: parseError })
          ) : checking ? (
            t.console.partner.checking
          ) : !validate ? (
            t.console.partner.checksUnavailable
          ) : issues.length === 0 ? (
            t.console.partner.valid
          ) : (
            <>
              <p>{format(t.console.partner.invalid, { count: issues.length })}</p>
              <ul>
                {issues.slice(0, 20).map((issue) => (
                  <li key={`${issue.path}-${issue.rule}`}>
                    <code>{issue.path || '/'}</code> {locale === 'en' ? issue.message.en : issue.message.cn}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="actions">
          <button type="button" className="btn" onClick={() => choose(typeId)}>
            {t.console.partner.loadExample}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || checking || Boolean(parseError) || issues.length > 0}
          >
            {t.console.partner.submit}
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy || checking || Boolean(parseError) || issues.length > 0}
            onClick={() => void send(true)}
          >
            {t.console.partner.validate}
          </button>
        </div>
      </form>
      <h3>{t.console.partner.recent}</h3>
      {submissions.length === 0 ? (
        <p className="muted">{t.console.partner.none}</p>
      ) : (
        <RefTable
          columns={[t.console.partner.time, t.console.partner.type, t.console.partner.result]}
          testId="submissions"
        >
          {submissions.map((submission) => (
            <tr key={submission.at + submission.path}>
              <td>{new Date(submission.at).toLocaleTimeString(locale === 'cn' ? 'zh-CN' : 'en-GB')}</td>
              <td>{submission.documentType}</td>
              <td className={submission.flag === 'success' ? 'ok' : 'bad'}>
                {submission.status} {submission.flag} {submission.code} — {submission.message}
                {submission.validateOnly && ` (${t.console.partner.validated})`}
                {submission.documentId && (
                  <>
                    {' '}
                    <code>{submission.documentId}</code>{' '}
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setLookUp(submission.documentId)}
                    >
                      {t.console.partner.lookUp}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </RefTable>
      )}
      <PartnerDocuments apiKey={props.apiKey} {...(lookUp ? { lookUp } : {})} />
    </section>
  );
}

/**
 * The lender tab: the portfolio it lands on, the chain a financing's row opens (as of the
 * portfolio's moment), then the enterprise query tables, the trend and tracking.
 */
function LenderWorkstation(props: { apiKey: string }) {
  const locale = useLocale();
  const chainSection = useRef<HTMLElement>(null);
  const chain: ChainStore = useMemo(
    () =>
      createChainStore({
        linkNode: (request, asOf) =>
          consoleCall<LinkNodeResponse>(props.apiKey, locale, withAsOf('/open/info/link/node', asOf), {
            method: 'POST',
            body: request,
          }),
        exposure: (request, asOf) =>
          consoleCall<{ collateral?: ExposedPiece[] }>(
            props.apiKey,
            locale,
            withAsOf('/open/info/collateral/exposure', asOf),
            {
              method: 'POST',
              body: request,
            },
          ),
      }),
    [props.apiKey, locale],
  );
  const openChain = (financing: { customerCode: string; financingOrderNo: string }, asOf: string) => {
    void chain.getState().open(
      {
        customerCode: financing.customerCode,
        documentsType: '10',
        documentsNo: financing.financingOrderNo,
      },
      asOf,
    );
    chainSection.current?.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      <Portfolio apiKey={props.apiKey} onOpenChain={openChain} />
      <LenderConsole apiKey={props.apiKey} store={chain} sectionRef={chainSection} />
      <LenderTables apiKey={props.apiKey} />
      <TrendChart apiKey={props.apiKey} />
      <LenderTracking apiKey={props.apiKey} />
    </>
  );
}

function LenderConsole(props: {
  apiKey: string;
  store: ChainStore;
  sectionRef: RefObject<HTMLElement | null>;
}) {
  const t = useDict();
  const locale = useLocale();
  const id = useId();
  const choices = enterpriseChoices(useStore(consoleStore, (state) => state.account));
  const { store } = props;
  const state = useStore(store);
  // A lender picks among its grants: the first one until it picks another.
  useEffect(() => {
    const current = store.getState().request.customerCode;
    if (choices && choices.length > 0 && !choices.includes(current))
      store.getState().setField('customerCode', choices[0]!);
  }, [choices, store]);
  const [alerts, setAlerts] = useState<CollateralAlert[] | undefined>();
  useEffect(() => {
    consoleCall<{ alerts: CollateralAlert[] }>(props.apiKey, locale, '/open/info/collateral/alerts').then(
      (answer) => setAlerts(answer.ok ? answer.body.alerts : []),
    );
  }, [props.apiKey, locale]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void state.lookUp();
  };
  return (
    <section aria-labelledby={`${id}-title`} ref={props.sectionRef}>
      <h2 id={`${id}-title`}>{t.console.lender.title}</h2>
      <form className="console-form inline-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t.console.lender.customerCode}</label>
          <EnterpriseField
            id={`${id}-code`}
            choices={choices}
            maxLength={20}
            value={state.request.customerCode}
            onChange={(value) => state.setField('customerCode', value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t.console.lender.documentsType}</label>
          <select
            id={`${id}-type`}
            value={state.request.documentsType}
            onChange={(event) =>
              state.setField('documentsType', event.target.value as ChainRequest['documentsType'])
            }
          >
            {(['10', '20', '30', '40'] as const).map((value) => (
              <option key={value} value={value}>
                {value} {t.console.lender.documentsTypes[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-no`}>{t.console.lender.documentsNo}</label>
          <input
            id={`${id}-no`}
            required
            maxLength={32}
            value={state.request.documentsNo}
            onChange={(event) => state.setField('documentsNo', event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={state.status === 'busy'}>
          {t.console.lender.lookup}
        </button>
      </form>
      <AsOfPicker
        id={`${id}-as-of`}
        className="chain-as-of"
        testId="chain-as-of"
        value={state.asOf}
        onChange={(value) => void state.setAsOf(value)}
        shown={state.status === 'done' ? state.shownAsOf : undefined}
      />
      {state.status === 'error' && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {state.status === 'done' && state.response && (
        <ChainDiagram response={state.response} collateral={state.collateral} />
      )}
      <h3>{t.console.lender.alerts}</h3>
      {alerts !== undefined && alerts.length === 0 && <p className="muted">{t.console.lender.noAlerts}</p>}
      {alerts !== undefined && alerts.length > 0 && (
        <ul className="collateral-alerts">
          {alerts.map((alert) => (
            <li
              key={`${pieceLabel(alert)}|${alert.financings.map((f) => f?.financingOrderNo ?? '').join('|')}`}
            >
              {pieceLabel(alert)} ·{' '}
              {alert.financings
                .map((f) =>
                  f ? `${f.customerCode} ${f.financingOrderNo}` : t.console.lender.anotherEnterprise,
                )
                .join(' ↔ ')}{' '}
              · {alert.firstSeen}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
