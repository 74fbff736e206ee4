import { InputField } from './InputField.tsx';

/**
 * A callback URL as the subscription routes take it (≤255 characters, http or https; the
 * server's callback-target guard decides the rest), for a new subscription and a changed one.
 */
export function CallbackUrlField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <InputField
      id={props.id}
      label={props.label}
      type="url"
      required
      maxLength={255}
      value={props.value}
      onChange={props.onChange}
    />
  );
}
