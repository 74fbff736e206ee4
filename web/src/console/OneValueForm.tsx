import { type FormEvent, type ReactNode, useState } from 'react';

/**
 * An inline console form of one value and its button: the value is kept here until sent, and
 * `send` is given a way to put it back to its initial value (for a form that empties once the
 * server has taken it).
 */
export function OneValueForm(props: {
  initial: string;
  button: ReactNode;
  send: (value: string, clear: () => void) => void;
  field: (value: string, setValue: (value: string) => void) => ReactNode;
}) {
  const [value, setValue] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.send(value, () => setValue(props.initial));
  };
  return (
    <form className="console-form inline-form" onSubmit={submit}>
      {props.field(value, setValue)}
      <button type="submit" className="btn">
        {props.button}
      </button>
    </form>
  );
}
