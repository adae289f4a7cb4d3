/** Work waiting for one run of the check phase: a setImmediate of its own. */
interface Pass {
  runs: (() => void)[];
  /** A second pass armed in the same check phase, for what this pass's work settles (`followUp`). */
  next?: Pass;
}

/** The pass new work joins: armed and not yet run. */
let open: Pass | undefined;

/**
 * Runs `run` in the check phase of this event-loop turn, with everything else queued for it in the turn, in the order
 * queued: one setImmediate for all of them. Queued while the check phase runs, `run` waits for the next turn's,
 * unless an earlier call asked for a `followUp`: a second pass armed in the same check phase, which takes what is
 * queued from the first pass on, including what the promises the first pass settles queue (they run between the
 * two). The embedded store's rate-limit transaction asks for one: the execute answers its hits lead to then leave in
 * the same turn, instead of costing the server another turn of the event loop (and its poll) per batch: at one
 * request a turn, 282k → 254k main-thread instructions per execute (callgrind, Node 24).
 */
export function inCheckPhase(run: () => void, options?: { readonly followUp?: boolean }): void {
  let pass = open;
  if (pass === undefined) {
    pass = open = { runs: [] };
    setImmediate(runPass, pass);
  }
  pass.runs.push(run);
  if (options?.followUp && pass.next === undefined) {
    pass.next = { runs: [] };
    setImmediate(runPass, pass.next);
  }
}

/**
 * Runs a pass's work in order. One run that throws (a bug) does not keep the others from running: a rate-limit
 * transaction queued behind a failed send would otherwise never run, and its store would wait for it forever. The
 * first error is thrown again once all have run, as an uncaught exception, as it would have been on its own.
 */
function runPass(pass: Pass): void {
  open = pass.next;
  const { runs } = pass;
  forget(pass);
  let failure: { readonly error: unknown } | undefined;
  for (const run of runs) {
    try {
      run();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

const NOTHING_TO_RUN: (() => void)[] = [];

/**
 * Unlinks a pass once taken. A pass the garbage collector promoted while it was open (a scavenge mid-turn) is not
 * traced by the next scavenges, so whatever it still points at counts as alive until a full collection: its runs
 * (each holding a request and its answer) and the next pass, which a follow-up may link to the next turn's, and so on
 * — the textbook way a generational collector ends up promoting every request. Cutting the links costs two writes.
 */
function forget(pass: Pass): void {
  pass.next = undefined;
  pass.runs = NOTHING_TO_RUN;
}
