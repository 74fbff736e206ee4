import { createStore } from 'zustand/vanilla';

/**
 * Login state of portal spec §4. The session is the content API's: it sets the SESSION cookie
 * itself, HttpOnly, so no script here ever reads or writes the token (README "Login state");
 * the page only asks `api/front/user/info.do` who the cookie belongs to. A `?SESSION=` arriving
 * from the management platform is handed to the server once and taken off the address bar.
 */
export const sessionCookie = 'SESSION';
/** §4: on these pages the user info is not stored (they are full-screen dashboards). */
export const pagesWithoutUserInfo = ['financialHomeScreen', 'serviceScreen', 'visualizationPlatform'];

export interface LoginUserMess {
  name: string;
  /** The client-side link shows only when this flag is set (§2). */
  clientFlag?: number | boolean | null;
  /** The server-side link shows only when this equals 3 (§2). */
  serverFlag?: number | null;
  [detail: string]: unknown;
}

export interface UserInfoResponse {
  result: number;
  data?: LoginUserMess | null;
  msg?: string;
}

/** Reads SESSION from a query string and base64-decodes it; undefined when absent or not base64. */
export function sessionFromQuery(search: string): string | undefined {
  const raw = new URLSearchParams(search).get(sessionCookie);
  if (!raw) return undefined;
  try {
    const decoded = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    return /^[\x21-\x7e]+$/.test(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** The address without its SESSION parameter, so the hand-over token leaves the address bar and history. */
export function withoutSessionParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(sessionCookie);
  return url.pathname + url.search + url.hash;
}

/** The header menu of §2 for a logged-in user: client link by flag, server link when flag is 3. */
export function userMenu(user: LoginUserMess): { client: boolean; server: boolean } {
  return { client: Boolean(user.clientFlag), server: user.serverFlag === 3 };
}

export interface SessionState {
  userName: string | undefined;
  loginUserMess: LoginUserMess | undefined;
  checking: boolean;
  begin(): void;
  received(response: UserInfoResponse, page: string): void;
  failed(): void;
  clear(): void;
}

export function createSessionStore() {
  return createStore<SessionState>()((set) => ({
    userName: undefined,
    loginUserMess: undefined,
    checking: false,
    begin: () => set({ checking: true }),
    received: (response, page) => {
      if (response.result === 1 && response.data && !pagesWithoutUserInfo.includes(page)) {
        set({ userName: response.data.name, loginUserMess: response.data, checking: false });
      } else {
        set({ userName: undefined, loginUserMess: undefined, checking: false });
      }
    },
    failed: () => set({ checking: false }),
    clear: () => set({ userName: undefined, loginUserMess: undefined, checking: false }),
  }));
}
export type SessionStore = ReturnType<typeof createSessionStore>;
