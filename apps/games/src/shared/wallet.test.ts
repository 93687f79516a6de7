// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { Wallet } from './shell.ts';

describe('balance display', () => {
  it('posts every new balance to the host page, once per change, and not previews', () => {
    const postMessage = vi.fn();
    const wallet = new Wallet({ postMessage });
    wallet.set(100, 'USD');
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: 'paws:balance', currency: 'USD', balance: 100 },
      '*',
    );
    expect(wallet.el.textContent).toContain('$100.00');
    wallet.preview(99);
    expect(wallet.el.textContent).toContain('$99.00');
    expect(postMessage).toHaveBeenCalledTimes(1);
    // The round lost: the server's balance equals the preview but is still news to the host.
    wallet.set(99);
    expect(postMessage).toHaveBeenCalledTimes(2);
    wallet.set(99);
    expect(postMessage).toHaveBeenCalledTimes(2);
    wallet.set(99, 'PAWS');
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: 'paws:balance', currency: 'PAWS', balance: 99 },
      '*',
    );
    expect(wallet.el.textContent).toContain('99.00 PAWS');
  });
});
