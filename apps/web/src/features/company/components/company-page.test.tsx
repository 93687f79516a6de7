import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });

describe('CompanyPage', () => {
  it('shows six collapsible blocks titled Company information, the first one open', async () => {
    await renderRoute(paths.companyInformation.getHref());
    expect(await heading('Company information')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Company information · PAWS'));

    const blocks = Array.from(document.querySelectorAll('details'));
    expect(blocks).toHaveLength(6);
    for (const block of blocks) {
      expect(block.querySelector('summary')).toHaveTextContent(/^Company information$/);
    }
    expect(blocks.map((block) => block.open)).toEqual([true, false, false, false, false, false]);
    expect(screen.getByText(/full name of the company that operates it/)).toBeVisible();
  });

  it('opens and closes a block from its title', async () => {
    const user = userEvent.setup();
    await renderRoute(paths.companyInformation.getHref());
    await heading('Company information');
    const second = document.querySelectorAll('details')[1] as HTMLDetailsElement;
    const summary = second.querySelector('summary') as HTMLElement;

    await user.click(summary);
    expect(second.open).toBe(true);
    await user.click(summary);
    expect(second.open).toBe(false);
  });

  it('is linked from the footer and reads in the player language', async () => {
    await renderRoute('/faq', { language: 'es' });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Información de la empresa' })).toHaveAttribute(
      'href',
      '/company-information',
    );
  });
});
