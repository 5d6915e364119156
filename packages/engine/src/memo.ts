/** Caches a promise per key; a rejected promise is forgotten so the next call tries again. */
export function memoize<K, V>(
  cache: Map<K, Promise<V>>,
  key: K,
  make: () => Promise<V>,
): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}
