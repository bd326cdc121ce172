/** A count as a header badge shows it: three digits would cover the icon, so 100 and more read 99+ (the link's name keeps the number). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count)
}
