import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal dialog with a focus trap: focus moves in on open, Tab cycles inside, focus returns to
 * the opener on close. Escape and outside clicks close only when the caller allows it (the
 * consultation dialog of §2 does not close on outside click).
 */
export function Dialog(props: {
  open: boolean;
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  closeOnOutside?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { open, labelledBy, describedBy, onClose, closeOnOutside = false, className, children } = props;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const focusables = () =>
      Array.from(
        box.current?.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      );
    (focusables()[0] ?? box.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer affordance; keyboard users close with Escape or the close control
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
    <div
      className="dialog-backdrop"
      onClick={(event) => closeOnOutside && event.target === event.currentTarget && onClose()}
    >
      <div
        ref={box}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
