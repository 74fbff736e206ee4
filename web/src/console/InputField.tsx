import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A console form's labelled input (the `field` box, label above it): its value as a string, every
 * other attribute as the caller gives it.
 */
export function InputField(
  props: {
    id: string;
    label: ReactNode;
    value: string;
    onChange: (value: string) => void;
  } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>,
) {
  const { id, label, value, onChange, ...attributes } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...attributes} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
