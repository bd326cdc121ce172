/**
 * Keeps `value` under `key` as the newest entry of `map` and drops the oldest beyond `max`: a Map
 * iterates in insertion order, so deleting first makes a refreshed key the newest again.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key)
  map.set(key, value)
  if (map.size > max) map.delete(map.keys().next().value!)
}
