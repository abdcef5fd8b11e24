/** Reads the read-your-writes position of a GET: `?minPosition=N` or header `X-Min-Position`. */
export function readMinPosition(query: Record<string, unknown>, header: string | undefined): number | null {
  const raw = (Array.isArray(query.minPosition) ? query.minPosition[0] : query.minPosition) ?? header;
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw)) return null;
  return Number(raw);
}
