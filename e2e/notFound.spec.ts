import { expect, signIn, test } from './fixtures';

test('an unknown route shows the 404 screen with a Go Back link to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('The page you are looking for was not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
});

test('signed in, a path no remote declares is the 404 screen once the remotes map is read', async ({ page, api }) => {
  await signIn(page, await api.createUser(), '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('The page you are looking for was not found.')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Side menu' })).toHaveCount(0);
});
