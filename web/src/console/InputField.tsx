import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabelledField } from './LabelledField.tsx';

/**
 * A console form's labelled input (LabelledField): its value as a string, every
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
    <LabelledField id={id} label={label}>
      <input id={id} {...attributes} value={value} onChange={(event) => onChange(event.target.value)} />
    </LabelledField>
  );
}
