/**
 * Inline line icons: no icon font or emoji font is assumed on the visitor's machine. One drawing
 * helper for the side panel's items and the menu entries' icons (§3 "Float action item: … icon";
 * "Menu entry: label, icon, …").
 */
export function lineIcon(d: string, className: string, size = 22) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The menu entries' icons by name (layout/menu.ts `MenuIconName`). */
export const menuIconPaths = {
  home: 'M4 11l8-7 8 7 M6 10v10h12V10 M10 20v-6h4v6',
  scenarios: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
  market: 'M4 8h16l-1.5 11h-13z M8 8V6a4 4 0 0 1 8 0v2',
  experts: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c1-4 4-6 8-6s7 2 8 6',
  about: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 11v6 M12 7.5v.5',
  open: 'M8 7l-5 5 5 5 M16 7l5 5-5 5 M14 4l-4 16',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6 M12 17v.5',
} as const;
