/** A console action's outcome: a success is announced politely, a failure as an alert. */
export interface Notice {
  ok: boolean;
  text: string;
}

export function ConsoleNotice(props: { notice: Notice | undefined }) {
  const { notice } = props;
  if (!notice) return null;
  return (
    <p className={notice.ok ? 'issues ok' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
      {notice.text}
    </p>
  );
}
