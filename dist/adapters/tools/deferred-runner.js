/**
 * Opens a runner only when `start()` is called or a tool first needs it. The server starts its child-process pool
 * right after it listens, so booting and warming the children never delays the first answer (health within 1 s).
 */
export class DeferredRunner {
    open;
    runner;
    constructor(open) {
        this.open = open;
    }
    start() {
        this.runner ??= this.open();
    }
    run(tool, input) {
        this.start();
        return this.runner.run(tool, input);
    }
    async close() {
        await this.runner?.close();
    }
}
