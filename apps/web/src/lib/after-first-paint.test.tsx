import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';

// The module remembers the page's first paint: each test imports a fresh copy.
async function freshModule() {
  vi.resetModules();
  return import('./after-first-paint');
}

it('renders its children only after the next frame and a task, each part in a task of its own', async () => {
  const { AfterFirstPaint } = await freshModule();
  const frames: FrameRequestCallback[] = [];
  const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  try {
    render(
      <>
        <p>First screen</p>
        <AfterFirstPaint>
          <footer>Footer</footer>
        </AfterFirstPaint>
        <AfterFirstPaint>
          <aside>Panel</aside>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByText('First screen')).toBeInTheDocument();
    expect(screen.queryByText('Footer')).toBeNull();
    // One frame is asked for, however many parts wait.
    expect(frames).toHaveLength(1);
    await act(async () => {
      frames[0]?.(0);
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(screen.queryByText('Footer')).toBeNull();
    expect(await screen.findByText('Footer')).toBeInTheDocument();
    expect(await screen.findByText('Panel')).toBeInTheDocument();
  } finally {
    frame.mockRestore();
  }
});

it('renders at once once the first paint has passed (a later navigation)', async () => {
  const { AfterFirstPaint } = await freshModule();
  const first = render(
    <AfterFirstPaint>
      <footer>Footer</footer>
    </AfterFirstPaint>,
  );
  expect(await screen.findByText('Footer')).toBeInTheDocument();
  first.unmount();
  render(
    <AfterFirstPaint>
      <footer>Footer again</footer>
    </AfterFirstPaint>,
  );
  expect(screen.getByText('Footer again')).toBeInTheDocument();
});

it('defers nothing on a reload or Back/Forward, whose scroll position needs the whole page at once', async () => {
  for (const type of ['reload', 'back_forward'] as const) {
    const navigation = vi
      .spyOn(performance, 'getEntriesByType')
      .mockReturnValue([{ type } as PerformanceNavigationTiming]);
    try {
      const { AfterFirstPaint } = await freshModule();
      const view = render(
        <AfterFirstPaint>
          <footer>Footer on {type}</footer>
        </AfterFirstPaint>,
      );
      expect(screen.getByText(`Footer on ${type}`)).toBeInTheDocument();
      view.unmount();
    } finally {
      navigation.mockRestore();
    }
  }
});
