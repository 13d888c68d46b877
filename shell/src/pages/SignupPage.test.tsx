// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import SignupPage, { SIGNUP_CLOSED_TEXT, SIGNUP_CLOSED_TITLE } from './SignupPage';

// The sign-up page asks whether sign-up is open (GET /settings/public) once it runs; here the
// answer comes from a fake, as the API's own answer is tested in api/test/settings/signupSetting.test.ts.

const show = (readOpen: () => Promise<boolean>) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter initialEntries={['/signup']}>
        <SignupPage readOpen={readOpen} />
      </MemoryRouter>
    </FluentProvider>,
  );

afterEach(cleanup);

describe('/signup', () => {
  it('closed: says so instead of the form, and leads to log in', async () => {
    show(async () => false);
    expect(await screen.findByText(SIGNUP_CLOSED_TITLE)).toBeTruthy();
    expect(screen.getByText(SIGNUP_CLOSED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('open: the form, as prerendered', async () => {
    let answered = false;
    show(async () => {
      answered = true;
      return true;
    });
    await expect.poll(() => answered).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByText('Create your Vigil account.')).toBeTruthy();
    expect(screen.queryByText(SIGNUP_CLOSED_TITLE)).toBeNull();
  });

  it('keeps the form while asking, and when the question fails (the API then answers the sign-up itself)', async () => {
    let fail: (error: Error) => void = () => {};
    show(() => new Promise<boolean>((_, reject) => (fail = reject)));
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    fail(new Error('network down'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.queryByText(SIGNUP_CLOSED_TITLE)).toBeNull();
  });
});
