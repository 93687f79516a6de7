import { describe, expect, it, vi } from 'vitest';
import { clampVolume, NOTIFICATION_VOLUME, playNotificationSound } from './notification-sound';

function fakeAudio() {
  const gain = { gain: { value: 0 }, connect: vi.fn() };
  const oscillators: { frequency: { value: number }; start: ReturnType<typeof vi.fn> }[] = [];
  return {
    gain,
    oscillators,
    audio: {
      currentTime: 0,
      destination: {} as AudioDestinationNode,
      createGain: () => gain as unknown as GainNode,
      createOscillator: () => {
        const oscillator = {
          type: '',
          frequency: { value: 0 },
          connect: vi.fn(),
          start: vi.fn(),
          stop: vi.fn(),
        };
        oscillators.push(oscillator);
        return oscillator as unknown as OscillatorNode;
      },
    },
  };
}

describe('notification sound', () => {
  it('plays at 0.5 by default', () => {
    expect(NOTIFICATION_VOLUME).toBe(0.5);
    const { audio, gain, oscillators } = fakeAudio();
    playNotificationSound(undefined, audio);
    expect(gain.gain.value).toBeCloseTo(0.5 * 0.25);
    expect(oscillators).toHaveLength(2);
    expect(oscillators.every((o) => o.start.mock.calls.length === 1)).toBe(true);
  });

  it('clamps the volume to 0..1', () => {
    expect(clampVolume(-1)).toBe(0);
    expect(clampVolume(3)).toBe(1);
    expect(clampVolume(0.3)).toBe(0.3);
    expect(clampVolume(Number.NaN)).toBe(0);
    const { audio, gain } = fakeAudio();
    playNotificationSound(7, audio);
    expect(gain.gain.value).toBeCloseTo(0.25);
  });
});
