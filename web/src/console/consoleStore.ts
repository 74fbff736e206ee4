import { createStore } from 'zustand/vanilla';
import type { KeyValueStorage } from '../stores/storage.ts';

/**
 * Console session: the API key (sent as `Authorization: Bearer`, kept in session storage so a
 * closed tab forgets it) and the submissions made in this session, newest first.
 */
export const apiKeyStorageKey = 'consoleApiKey';
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
  submissions: Submission[];
  signIn(apiKey: string): void;
  signOut(): void;
  recordSubmission(submission: Omit<Submission, 'at'>): void;
}

export function createConsoleStore(storage: KeyValueStorage, now: () => number) {
  return createStore<ConsoleState>()((set, get) => ({
    apiKey: storage.getItem(apiKeyStorageKey) ?? undefined,
    submissions: [],
    signIn(apiKey) {
      const trimmed = apiKey.trim();
      if (trimmed === '') return;
      storage.setItem(apiKeyStorageKey, trimmed);
      set({ apiKey: trimmed });
    },
    signOut() {
      storage.removeItem(apiKeyStorageKey);
      set({ apiKey: undefined, submissions: [] });
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
