/** Spec 001 §9: the notification sound plays at 0.5 unless told otherwise, always within 0 to 1. */
export const NOTIFICATION_VOLUME = 0.5;

export const clampVolume = (volume: number) =>
  Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0;

type AudioContextLike = Pick<AudioContext, 'currentTime' | 'destination' | 'createOscillator' | 'createGain'>;

let shared: AudioContextLike | undefined;
const context = (): AudioContextLike | undefined => {
  if (shared) return shared;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  shared = Ctor ? new Ctor() : undefined;
  return shared;
};

/**
 * A short two-note chime synthesised with Web Audio (no file to download). Browsers may refuse sound
 * before the first user gesture; that is not an error worth showing.
 */
export function playNotificationSound(
  volume = NOTIFICATION_VOLUME,
  audio: AudioContextLike | undefined = context(),
) {
  if (!audio) return;
  try {
    const gain = audio.createGain();
    gain.gain.value = clampVolume(volume) * 0.25;
    gain.connect(audio.destination);
    const start = audio.currentTime;
    [880, 1318.5].forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(start + index * 0.12);
      oscillator.stop(start + index * 0.12 + 0.18);
    });
    return gain.gain.value;
  } catch (error) {
    console.warn('Notification sound not played', error);
    return undefined;
  }
}
