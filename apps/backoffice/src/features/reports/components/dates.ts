/** UTC days as the reports speak them (YYYY-MM-DD). */
export const utcDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
