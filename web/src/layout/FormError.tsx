import type { ReactNode } from 'react';

/** Why a form or a call failed, announced at once to screen readers (`role="alert"`). */
export function FormError(props: { children: ReactNode }) {
  return (
    <p className="form-error" role="alert">
      {props.children}
    </p>
  );
}
