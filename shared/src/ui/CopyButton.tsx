import { Button, Tooltip } from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_MS = 2_000;

/** Copies `text` to the clipboard; says "Copied" for a moment (and to screen readers). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  const tip = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text and copy it' : label;
  return (
    <Tooltip content={tip} relationship="description" visible={state !== 'idle' ? true : undefined}>
      <Button icon={state === 'copied' ? <CheckmarkRegular /> : <CopyRegular />} onClick={copy} aria-live="polite">
        {state === 'copied' ? 'Copied' : label}
      </Button>
    </Tooltip>
  );
}
