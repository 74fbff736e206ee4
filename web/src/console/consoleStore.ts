import type { KeyAccount } from '@tradelog/schemas/access/keyAccount';
import { createStore } from 'zustand/vanilla';

/**
 * Console session: the API key (sent as `Authorization: Bearer`) and the submissions made in this
 * session, newest first. The key lives in this store only, never in browser storage: the origin
 * may load an operator's analytics scripts, and any script on it reads storage with one call
 * (web/README.md "Console"). A reload or a closed tab forgets it.
 */
/** Where versions before this rule kept the key in session storage; removed at start (app/state.ts). */
export const legacyApiKeyStorageKey = 'consoleApiKey';
const recentLimit = 20;

export interface Submission {
  at: number;
  documentType: string;
  path: string;
  status: number;
  flag: string;
  code: string;
  message: string;
  /** The accepted document's id (query-api `GET /documents/:documentId` looks it up). */
  documentId?: string;
  /** Checked with `?validateOnly=true`: nothing was appended. */
  validateOnly?: boolean;
}

export interface ConsoleState {
  apiKey: string | undefined;
  /** What the key is and may read, once query-api said (keyAccount.ts); undefined meanwhile. */
  account: KeyAccount | undefined;
  /** Whether query-api answered (or failed to answer) who the key is. */
  accountAsked: boolean;
  submissions: Submission[];
  signIn(apiKey: string): void;
  /** Asks who the key is; an answer for a key no longer signed in is dropped. */
  loadAccount(ask: (apiKey: string) => Promise<KeyAccount | undefined>): Promise<void>;
  signOut(): void;
  recordSubmission(submission: Omit<Submission, 'at'>): void;
}

export function createConsoleStore(now: () => number) {
  return createStore<ConsoleState>()((set, get) => ({
    apiKey: undefined,
    account: undefined,
    accountAsked: false,
    submissions: [],
    signIn(apiKey) {
      const trimmed = apiKey.trim();
      if (trimmed === '') return;
      set({ apiKey: trimmed, account: undefined, accountAsked: false });
    },
    async loadAccount(ask) {
      const apiKey = get().apiKey;
      if (apiKey === undefined) return;
      const account = await ask(apiKey);
      if (get().apiKey === apiKey) set({ account, accountAsked: true });
    },
    signOut() {
      set({ apiKey: undefined, account: undefined, accountAsked: false, submissions: [] });
    },
    recordSubmission(submission) {
      set({ submissions: [{ ...submission, at: now() }, ...get().submissions].slice(0, recentLimit) });
    },
  }));
}
export type ConsoleStore = ReturnType<typeof createConsoleStore>;

export function authorizationHeader(apiKey: string): Record<string, string> {
  return { Authorization: `Bearer ${apiKey}` };
}
