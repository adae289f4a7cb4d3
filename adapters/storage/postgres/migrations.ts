/** One schema change: applied once, in version order, inside the migration transaction. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Every record the service keeps, in four shapes the other backends also have: Keyv records with an optional expiry,
 * sorted sets (audit pages, memberships, keys per workspace, the outbox), exact rate-limit counters and usage buckets.
 * Kept as TypeScript strings so the compiled package carries them with no asset to copy. Never edit a released
 * migration: add the next one.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial",
    sql: `
CREATE TABLE records (
  namespace  text NOT NULL,
  key        text COLLATE "C" NOT NULL,
  value      text NOT NULL,
  expires_at timestamptz,
  PRIMARY KEY (namespace, key)
);
CREATE INDEX records_expires_at ON records (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE sorted_sets (
  namespace text NOT NULL,
  set_name  text NOT NULL,
  size      integer NOT NULL,
  PRIMARY KEY (namespace, set_name)
);
CREATE TABLE sorted_index (
  namespace text NOT NULL,
  set_name  text NOT NULL,
  member    text COLLATE "C" NOT NULL,
  value     text NOT NULL,
  PRIMARY KEY (namespace, set_name, member)
);

CREATE TABLE rate_limits (
  bucket     text PRIMARY KEY,
  window_ms  bigint NOT NULL,
  window_id  bigint NOT NULL,
  count      bigint NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);

CREATE TABLE usage (
  scope       text NOT NULL,
  granularity text NOT NULL,
  at          bigint NOT NULL,
  field       text NOT NULL,
  count       bigint NOT NULL,
  expires_at  bigint NOT NULL,
  PRIMARY KEY (scope, granularity, at, field)
);
CREATE INDEX usage_expires_at ON usage (expires_at);

-- A put is one call, as Redis runs one script: the set's row is locked first, so its size, the cap and the trim
-- are exact for every instance. Members compare byte by byte (COLLATE "C"), as the other backends order them.
CREATE FUNCTION sorted_put(p_namespace text, p_set text, p_member text, p_value text, p_keep integer, p_max integer)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  current_size integer;
  is_new boolean;
BEGIN
  INSERT INTO sorted_sets AS s (namespace, set_name, size) VALUES (p_namespace, p_set, 0)
    ON CONFLICT (namespace, set_name) DO UPDATE SET size = s.size
    RETURNING s.size INTO current_size;
  is_new := NOT EXISTS (SELECT 1 FROM sorted_index WHERE namespace = p_namespace AND set_name = p_set AND member = p_member);
  IF is_new AND p_max IS NOT NULL AND current_size >= p_max THEN
    RETURN false;
  END IF;
  INSERT INTO sorted_index (namespace, set_name, member, value) VALUES (p_namespace, p_set, p_member, p_value)
    ON CONFLICT (namespace, set_name, member) DO UPDATE SET value = EXCLUDED.value;
  IF is_new THEN
    current_size := current_size + 1;
  END IF;
  IF p_keep IS NOT NULL AND current_size > p_keep THEN
    DELETE FROM sorted_index WHERE namespace = p_namespace AND set_name = p_set AND member IN (
      SELECT member FROM sorted_index WHERE namespace = p_namespace AND set_name = p_set
      ORDER BY member LIMIT current_size - p_keep);
    current_size := p_keep;
  END IF;
  UPDATE sorted_sets SET size = current_size WHERE namespace = p_namespace AND set_name = p_set;
  RETURN true;
END $$;

-- The set's row first, as in sorted_put: the two never wait on each other in opposite orders.
CREATE FUNCTION sorted_remove(p_namespace text, p_set text, p_member text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  PERFORM 1 FROM sorted_sets WHERE namespace = p_namespace AND set_name = p_set FOR UPDATE;
  DELETE FROM sorted_index WHERE namespace = p_namespace AND set_name = p_set AND member = p_member;
  GET DIAGNOSTICS removed = ROW_COUNT;
  IF removed > 0 THEN
    UPDATE sorted_sets SET size = size - removed WHERE namespace = p_namespace AND set_name = p_set;
  END IF;
END $$;
`,
  },
];

/** The schema version this code writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
