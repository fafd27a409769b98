/**
 * The value kept in `map` under `key`, made by `make` the first time it is asked for (a `Map`, or a `WeakMap` for
 * what lives as long as an object: a catalog, a build's selector).
 */
export function keptIn<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
