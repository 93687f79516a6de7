import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LimitsCard } from './limits-card';

afterEach(() => vi.unstubAllGlobals());

const none = { status: 200, body: { limits: [] } };

describe('LimitsCard', () => {
  it('puts the player on the amount when they come from the deposit form’s offer', async () => {
    mockApi({ 'GET /profile/responsible-gaming': none });
    await renderWithProviders(<LimitsCard />, { path: '/profile/account#responsible-gaming' });
    const amount = await screen.findByLabelText('Amount (USD)');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(document.getElementById('responsible-gaming')).toContainElement(amount);
  });

  it('leaves the focus alone on an ordinary visit', async () => {
    mockApi({ 'GET /profile/responsible-gaming': none });
    await renderWithProviders(<LimitsCard />, { path: '/profile/account' });
    const amount = await screen.findByLabelText('Amount (USD)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(amount).not.toHaveFocus();
  });
});
