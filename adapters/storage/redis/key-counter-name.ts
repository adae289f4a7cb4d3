/**
 * The part of a key name Redis Cluster hashes to choose its slot: the text between the first `{` and the first `}`
 * after it when that text is not empty, else the whole name (the cluster specification's hash tags).
 */
export function hashedPart(name: string): string {
  const open = name.indexOf("{");
  if (open < 0) return name;
  const close = name.indexOf("}", open + 1);
  return close < 0 || close === open + 1 ? name : name.slice(open + 1, close);
}

/**
 * The name of the API key `id`'s own rate-limit counter: under `counterPrefix`, and in the cluster slot of the key's
 * record `recordName`, so one script may read the record and count the unit (a script may only touch one slot).
 * A record name without a hash tag is hashed whole, so the counter carries it as its tag; a record name with one (a
 * prefix such as `app{1}:`) lends the counter the same tag. Undefined when no name under `counterPrefix` can share
 * the slot (a prefix with an unclosed `{` or a lone `}`): that key's counter then keeps its plain bucket name.
 */
export function keyCounterName(recordName: string, counterPrefix: string, id: string): string | undefined {
  const slotPart = hashedPart(recordName);
  const name = slotPart === recordName ? `${counterPrefix}{${recordName}}` : `${counterPrefix}${id}`;
  return hashedPart(name) === slotPart ? name : undefined;
}
