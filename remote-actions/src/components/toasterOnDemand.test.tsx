// @vitest-environment jsdom
import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ERROR_TITLE, useNotify } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ToasterOnDemand, useEnsureToaster } from './toasterOnDemand';

afterEach(cleanup);

/** Fails like the action page does: the toast once the toaster is there (or, `wait` false, at once). */
function FailingAction({ wait }: { wait: boolean }) {
  const notify = useNotify();
  const ensureToaster = useEnsureToaster();
  const fail = () => {
    const toaster = ensureToaster();
    if (wait) void toaster.then((ready) => ready?.error({ detail: 'Alert is closed' }));
    else notify.error({ detail: 'Alert is closed' });
  };
  return <Button onClick={fail}>Act</Button>;
}

const renderPage = (wait: boolean) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <ToasterOnDemand>
        <FailingAction wait={wait} />
      </ToasterOnDemand>
    </FluentProvider>,
  );

describe('ToasterOnDemand', () => {
  it('has no toaster until asked; the toast dispatched once it is ready shows', async () => {
    renderPage(true);
    expect(document.querySelector('.fui-Toaster')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText(ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText('Alert is closed')).toBeTruthy();
  });

  it('a toast dispatched before the toaster is ready is lost: why callers wait for it', async () => {
    renderPage(false);
    fireEvent.click(screen.getByRole('button', { name: 'Act' }));
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.queryByText('Alert is closed')).toBeNull();
  });
});
