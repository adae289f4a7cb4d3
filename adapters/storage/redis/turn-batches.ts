interface Waiting<Reply> {
  resolve(reply: Reply): void;
  reject(error: unknown): void;
}

/** The calls made under one id in one event-loop turn, waiting for their shared round trip. */
interface Batch<Args, Reply> {
  readonly args: Args;
  readonly waiting: Waiting<Reply>[];
}

/**
 * Calls made under the same id within one event-loop turn, sent as one call for all of them: `send(args, count)`
 * makes the call for `count` callers and resolves with each caller's own reply by its index, in the order they came.
 * A failure of the call rejects every caller of the batch.
 */
export class TurnBatches<Args, Reply> {
  private turn = new Map<string, Batch<Args, Reply>>();

  constructor(private readonly send: (args: Args, count: number) => Promise<(index: number) => Reply>) {}

  /** Joins the batch of `id` in this turn (the first caller's `args` are the batch's). */
  add(id: string, args: Args): Promise<Reply> {
    return new Promise((resolve, reject) => {
      let batch = this.turn.get(id);
      if (!batch) {
        // The check phase: after every request this turn's poll phase read, so their calls share the round trip.
        if (this.turn.size === 0) setImmediate(() => this.sendTurn());
        batch = { args, waiting: [] };
        this.turn.set(id, batch);
      }
      batch.waiting.push({ resolve, reject });
    });
  }

  private sendTurn(): void {
    const turn = this.turn;
    this.turn = new Map();
    for (const { args, waiting } of turn.values()) {
      this.send(args, waiting.length).then(
        (replyOf) => waiting.forEach((caller, i) => caller.resolve(replyOf(i))),
        (error: unknown) => waiting.forEach((caller) => caller.reject(error)),
      );
    }
  }
}
