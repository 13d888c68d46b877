// @vitest-environment jsdom
import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ERROR_TITLE, SUCCESS_TITLE, useNotify } from '@vigil/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ToasterOnDemand } from './toasterOnDemand';

afterEach(cleanup);

/** Sends toasts at once, as the auth pages do when their request answers. */
function Notifier() {
  const notify = useNotify();
  return (
    <>
      <Button onClick={() => notify.error({ detail: 'Incorrect email or password' })}>Fail</Button>
      <Button onClick={() => notify.success('Password recovery email sent successfully.')}>Succeed</Button>
    </>
  );
}

const renderConsole = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <Notifier />
      <ToasterOnDemand />
    </FluentProvider>,
  );

describe("the shell's ToasterOnDemand", () => {
  it('has no toaster until a toast is sent; the toasts sent before it was there show once it is', async () => {
    renderConsole();
    expect(document.querySelector('.fui-Toaster')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(await screen.findByText('Incorrect email or password')).toBeTruthy();
    expect(screen.getByText(ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText('Password recovery email sent successfully.')).toBeTruthy();
    expect(screen.getByText(SUCCESS_TITLE)).toBeTruthy();
  });

  it('shows a toast sent after it loaded, once (not kept and sent again)', async () => {
    renderConsole();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    await screen.findByText('Incorrect email or password');
    fireEvent.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(await screen.findByText('Password recovery email sent successfully.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getAllByText('Password recovery email sent successfully.')).toHaveLength(1);
    expect(screen.getAllByText('Incorrect email or password')).toHaveLength(1);
  });
});
