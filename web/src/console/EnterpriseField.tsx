/**
 * An enterprise code field: a list of the key's grants when it has a list (keyAccount.ts), else
 * a code to type (operators, platform-wide grants).
 */
export function EnterpriseField(props: {
  id: string;
  choices: readonly string[] | undefined;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  maxLength?: number;
}) {
  if (props.choices)
    return (
      <select
        id={props.id}
        required={props.required ?? true}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.choices.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    );
  return (
    <input
      id={props.id}
      required={props.required ?? true}
      maxLength={props.maxLength}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
