/**
 * Lua shared by the scripts that count in fixed windows: `hitWindow(counter, windowMs, hits, limit)` adds `hits` to the
 * counter's current window and returns { count after the hits, resetInMs, the window's number }. With `limit` (or
 * nil), a window already past it is left as it is: the reply is { count + hits, resetInMs }, no window number, since
 * nothing was counted that a release could take back (RateLimitStore.hit's `limit`). The clock is Redis `TIME`, so
 * instances with skewed clocks still agree on the window. The counter is a hash holding the window it counts
 * (`w` = "<window id>:<window ms>") and the count (`c`); it expires when its window ends.
 */
export const WINDOW_HIT_LUA = `
local function hitWindow(counter, windowMs, hits, limit)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local window = math.floor(now / windowMs)
  local resetInMs = (window + 1) * windowMs - now
  local tag = string.format('%.0f:%.0f', window, windowMs)
  local stored = redis.call('HMGET', counter, 'w', 'c')
  if stored[1] ~= tag then
    redis.call('HSET', counter, 'w', tag, 'c', 0)
    redis.call('PEXPIRE', counter, resetInMs)
  else
    if redis.call('PTTL', counter) < 0 then redis.call('PEXPIRE', counter, resetInMs) end
    local count = tonumber(stored[2]) or 0
    if limit and count > limit then return { count + hits, resetInMs } end
  end
  return { redis.call('HINCRBY', counter, 'c', hits), resetInMs, window }
end
`;
