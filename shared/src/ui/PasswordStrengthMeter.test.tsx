// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_SCORE_MAX, PasswordStrengthMeter, passwordScore, strengthLabel } from './PasswordStrengthMeter';

afterEach(cleanup);

describe('strengthLabel (spec: < 33 % Low, < 66 % Medium, else High)', () => {
  it('switches exactly at 33 and 66', () => {
    expect(strengthLabel(0)).toBe('Low');
    expect(strengthLabel(32.9)).toBe('Low');
    expect(strengthLabel(33)).toBe('Medium');
    expect(strengthLabel(65.9)).toBe('Medium');
    expect(strengthLabel(66)).toBe('High');
    expect(strengthLabel(100)).toBe('High');
  });
});

describe('passwordScore', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['Ab1!xyz', 1], // short: Low however varied
    ['password', 1],
    ['Password1', 2],
    ['longpassword', 2],
    ['Password1!', 3],
    ['Longpassword12', 3],
    ['Longpassword12!', 4],
  ])('%j scores %i', (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });
  it('never exceeds the maximum', () => {
    expect(passwordScore('Aa1!'.repeat(20))).toBe(PASSWORD_SCORE_MAX);
  });
});

describe('<PasswordStrengthMeter>', () => {
  it('is an ARIA meter with the label and 4 segments by default', () => {
    const { container } = render(<PasswordStrengthMeter password="Password1" />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter.getAttribute('aria-valuenow')).toBe('2');
    expect(meter.getAttribute('aria-valuemax')).toBe('4');
    expect(meter.getAttribute('aria-valuetext')).toBe('Medium');
    expect(screen.getByText('Medium')).toBeTruthy();
    const segments = container.querySelectorAll('[data-filled]');
    expect(segments).toHaveLength(4);
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(2);
  });
  it('labels an empty password Low with no segment filled', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(screen.getByText('Low')).toBeTruthy();
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(0);
  });
  it('labels a strong password High and honours a custom segment count', () => {
    const { container } = render(<PasswordStrengthMeter password="Longpassword12!" segments={3} />);
    expect(screen.getByText('High')).toBeTruthy();
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(3);
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(3);
  });
});
