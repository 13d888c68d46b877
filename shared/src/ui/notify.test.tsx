// @vitest-environment jsdom
import { Button, FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { ERROR_TITLE, errorToastText, SUCCESS_TITLE, TOASTER_ID, useNotify } from './notify';

afterEach(cleanup);

const apiError = (body: unknown) => new ApiError('/api/v1/x', 400, 'Bad Request', body, undefined);

describe('errorToastText', () => {
  it('uses the server detail through errorText', () => {
    expect(errorToastText(apiError({ detail: 'Incorrect email or password' }))).toBe('Incorrect email or password');
    expect(errorToastText(apiError({ detail: [{ msg: 'value is not a valid email address', loc: ['body', 'email'] }] }))).toBe(
      'value is not a valid email address',
    );
    expect(errorToastText(apiError(undefined))).toBe('Something went wrong.');
    expect(errorToastText(new Error('boom'))).toBe('Something went wrong.');
  });
  it('passes a plain text through', () => {
    expect(errorToastText('An error occurred while deleting the alert')).toBe('An error occurred while deleting the alert');
  });
});

function Demo({ error }: { error: unknown }) {
  const notify = useNotify();
  return (
    <>
      <Button onClick={() => notify.success('Password updated successfully.')}>ok</Button>
      <Button onClick={() => notify.error(error)}>fail</Button>
    </>
  );
}

describe('useNotify', () => {
  it('shows titled success and error toasts in the shell toaster', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <Toaster toasterId={TOASTER_ID} />
        <Demo error={apiError({ detail: 'Invalid token' })} />
      </FluentProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(await screen.findByText(SUCCESS_TITLE)).toBeTruthy();
    expect(screen.getByText('Password updated successfully.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText(ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText('Invalid token')).toBeTruthy();
  });
});
