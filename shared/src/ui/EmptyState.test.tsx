// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState';

afterEach(cleanup);

describe('EmptyState', () => {
  it('shows its sentence as a heading, with the description and the action', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <EmptyState
          title="You don't have any alerts yet"
          description="New alerts show up here."
          icon={<span>!</span>}
          action={<button type="button">Add</button>}
        />
      </FluentProvider>,
    );
    expect(screen.getByRole('heading', { name: "You don't have any alerts yet" })).toBeTruthy();
    expect(screen.getByRole('region', { name: "You don't have any alerts yet" })).toBeTruthy();
    expect(screen.getByText('New alerts show up here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('needs only a title', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <EmptyState title="You don't have any integrations yet" />
      </FluentProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe("You don't have any integrations yet");
  });
});
