const UNIT_GB: Record<string, number> = { MB: 0.001, GB: 1, TB: 1000 };

/**
 * Volume in GB read from a plan name ("500MB" → 0.5, "1.5 GB" → 1.5, "2TB" → 2000), rounded to
 * 4 decimals; undefined when the name states no volume. Panels count 1GB as 1000MB.
 */
export function volumeRatioFromName(name: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*(MB|GB|TB)\b/i.exec(name);
  if (!match) return undefined;
  const ratio = Number(match[1]) * UNIT_GB[match[2]!.toUpperCase()]!;
  return Math.round(ratio * 10_000) / 10_000;
}
