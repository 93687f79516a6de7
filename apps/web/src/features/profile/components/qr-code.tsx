import { useEffect, useState } from 'react';
import styles from './account-page.module.css';

/** The QR code as an SVG image; the qrcode library loads only when a code is on screen. */
export function QrCode({ value, label, size = 132 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) =>
        qrcode.toString(value, { type: 'svg', margin: 1, color: { dark: '#050706', light: '#f1f4ec' } }),
      )
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => console.error('QR code failed', error));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <span className={styles.qr} style={{ width: size, height: size }}>
      {src ? <img src={src} alt={label} width={size} height={size} /> : null}
    </span>
  );
}
