// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { Wallet } from './wallet.ts';

const HOST = 'http://platform.test';

describe('balance display', () => {
  it('posts every new balance to the host page, once per change, and not previews', () => {
    const postMessage = vi.fn();
    const wallet = new Wallet({ postMessage });
    wallet.setHostOrigin(HOST);
    wallet.set(100, 'USD');
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: 'paws:balance', currency: 'USD', balance: 100 },
      HOST,
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
      HOST,
    );
    expect(wallet.el.textContent).toContain('99.00 PAWS');
  });

  it('posts only to the exact host origin, never to any window', () => {
    const postMessage = vi.fn();
    const wallet = new Wallet({ postMessage });
    wallet.set(100, 'USD');
    // No confirmed host yet: nothing leaves the frame.
    expect(postMessage).not.toHaveBeenCalled();
    for (const bad of ['*', 'null', 'javascript:alert(1)', 'http://platform.test/studio', 'platform.test']) {
      wallet.setHostOrigin(bad);
      wallet.set(101 + postMessage.mock.calls.length);
    }
    expect(postMessage).not.toHaveBeenCalled();
    // Once confirmed, the current balance goes out at once, to that origin only.
    wallet.setHostOrigin(HOST);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage.mock.calls[0]?.[1]).toBe(HOST);
    for (const call of postMessage.mock.calls) expect(call[1]).not.toBe('*');
  });
});
