import type { ReactNode } from 'react';

/** A console form's field box: its label above the control the caller gives, bound by the control's id. */
export function LabelledField(props: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
    </div>
  );
}
