import type { LegalText } from '@tradelog/schemas/portal/contentAnswers';
import { useId, useState } from 'react';
import { useContent, useDict } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { Blocks, Loaded } from './common.tsx';

/** A text the visitor accepts at registration (§5), read in a dialog so the form keeps its values. */
export function LegalTextLink(props: { text: 'terms' | 'privacy'; label: string }) {
  const t = useDict();
  const [open, setOpen] = useState(false);
  const id = useId();
  const entry = useContent<LegalText>(open ? calls.legal(props.text) : undefined);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {props.label}
      </button>
      <Dialog
        open={open}
        labelledBy={id}
        onClose={() => setOpen(false)}
        closeOnOutside
        className="legal-dialog"
      >
        <Loaded entry={entry}>
          {(legal) => (
            <>
              <h2 id={id}>{legal.title}</h2>
              <div className="legal-body">
                <Blocks blocks={legal.body} />
              </div>
            </>
          )}
        </Loaded>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          {t.forms.labels.closeText}
        </button>
      </Dialog>
    </>
  );
}
