import type { ReactNode } from 'react';

/** The button that opens a header dropdown (menu, city, user): its label, a caret and whether its list is open. */
export function DropdownButton(props: {
  open: boolean;
  /** The id of the list it opens. */
  controls: string;
  className: string;
  title?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.className}
      aria-expanded={props.open}
      aria-controls={props.controls}
      title={props.title}
      onClick={props.onClick}
    >
      {props.children}
      <span aria-hidden="true" className="caret" />
    </button>
  );
}
