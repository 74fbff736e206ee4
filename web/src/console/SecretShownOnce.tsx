import { useDict } from '../app/state.ts';

/**
 * A signing secret in the one answer that carries it (never listed again): shown to copy until
 * the reader says it is stored.
 */
export function SecretShownOnce(props: {
  testId: string;
  message: string;
  secret: string;
  stored: () => void;
}) {
  const s = useDict().console.subs;
  return (
    <div className="issues ok" role="status" data-testid={props.testId}>
      <p>{props.message}</p>
      <p>
        <code>{props.secret}</code>
      </p>
      <button type="button" className="btn btn-small" onClick={props.stored}>
        {s.secretStored}
      </button>
    </div>
  );
}
