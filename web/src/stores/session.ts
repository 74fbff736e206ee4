import { createStore } from 'zustand/vanilla';

/**
 * Login state of portal spec §4. The session itself lives on the external platform; the portal
 * only carries its SESSION cookie and asks `api/front/user/info.do` who it belongs to.
 */
export const sessionCookie = 'SESSION';
/** §9: the login cookie lives one day. */
export const sessionCookieLifetimeMs = 86_400_000;
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

export function sessionFromCookie(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === sessionCookie) return decodeURIComponent(value.join('=')) || undefined;
  }
  return undefined;
}

export function sessionCookieString(value: string, now: number): string {
  const expires = new Date(now + sessionCookieLifetimeMs).toUTCString();
  return `${sessionCookie}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** The header menu of §2 for a logged-in user: client link by flag, server link when flag is 3. */
export function userMenu(user: LoginUserMess): { client: boolean; server: boolean } {
  return { client: Boolean(user.clientFlag), server: user.serverFlag === 3 };
}

/** §2: logout is a link to the platform that carries the page to return to. */
export function logoutUrl(platformUrl: string, returnTo: string): string {
  return `${platformUrl}/logout?redirect=${encodeURIComponent(returnTo)}`;
}

export interface SessionState {
  session: string | undefined;
  userName: string | undefined;
  loginUserMess: LoginUserMess | undefined;
  checking: boolean;
  begin(session: string): void;
  received(response: UserInfoResponse, page: string): void;
  failed(): void;
  clear(): void;
}

export function createSessionStore() {
  return createStore<SessionState>()((set) => ({
    session: undefined,
    userName: undefined,
    loginUserMess: undefined,
    checking: false,
    begin: (session) => set({ session, checking: true }),
    received: (response, page) => {
      if (response.result === 1 && response.data && !pagesWithoutUserInfo.includes(page)) {
        set({ userName: response.data.name, loginUserMess: response.data, checking: false });
      } else {
        set({ userName: undefined, loginUserMess: undefined, checking: false });
      }
    },
    failed: () => set({ checking: false }),
    clear: () => set({ session: undefined, userName: undefined, loginUserMess: undefined, checking: false }),
  }));
}
export type SessionStore = ReturnType<typeof createSessionStore>;
