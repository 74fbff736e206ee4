import { createStore } from 'zustand/vanilla';

/**
 * Layout and UI state of portal spec §2: the mobile drawer, the fixed header after scrolling,
 * the side panel's open popup (tap on mobile), the consultation dialog and the loading bar.
 */
export type SidePopup = 'consult' | 'course' | null;

export interface LayoutState {
  drawerOpen: boolean;
  headerFixed: boolean;
  scrollOffset: number;
  sidePopup: SidePopup;
  consultOpen: boolean;
  /** Navigation progress 0…1, or null when idle. */
  progress: number | null;
  toggleDrawer(open?: boolean): void;
  scrolled(offset: number): void;
  toggleSidePopup(popup: Exclude<SidePopup, null>): void;
  dismissSidePopup(): void;
  openConsult(): void;
  closeConsult(): void;
  startProgress(): void;
  advanceProgress(elapsedMs: number): void;
  finishProgress(): void;
}

/** §9: the progress bar runs for 5000 ms; it never reaches the end on its own. */
export const progressDurationMs = 5000;

/** Eases toward 0.9 over the duration so a slow page never looks finished. */
export function progressAt(elapsedMs: number): number {
  const ratio = Math.min(1, Math.max(0, elapsedMs / progressDurationMs));
  return 0.08 + 0.82 * (1 - (1 - ratio) ** 2);
}

export function createLayoutStore() {
  return createStore<LayoutState>()((set, get) => ({
    drawerOpen: false,
    headerFixed: false,
    scrollOffset: 0,
    sidePopup: null,
    consultOpen: false,
    progress: null,
    toggleDrawer: (open) => set({ drawerOpen: open ?? !get().drawerOpen }),
    // §2: the header becomes fixed once the page is scrolled away from the top; §9: the
    // back-to-top control shows whenever the offset is not zero.
    scrolled: (offset) => set({ scrollOffset: offset, headerFixed: offset > 0 }),
    toggleSidePopup: (popup) => set({ sidePopup: get().sidePopup === popup ? null : popup }),
    dismissSidePopup: () => set({ sidePopup: null }),
    openConsult: () => set({ consultOpen: true, sidePopup: null }),
    closeConsult: () => set({ consultOpen: false }),
    startProgress: () => set({ progress: progressAt(0), drawerOpen: false }),
    advanceProgress: (elapsedMs) => {
      if (get().progress !== null) set({ progress: progressAt(elapsedMs) });
    },
    finishProgress: () => set({ progress: null }),
  }));
}
export type LayoutStore = ReturnType<typeof createLayoutStore>;
