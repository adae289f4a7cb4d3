/** Runs tasks with the same key one after another (in this process); different keys run side by side. */
export class SerialQueue {
    tails = new Map();
    run(key, task) {
        const previous = this.tails.get(key) ?? Promise.resolve();
        const result = previous.then(task, task);
        const tail = result.catch(() => undefined);
        this.tails.set(key, tail);
        // The entry goes once nothing waits behind it, so the map follows the attempts in flight only.
        void tail.then(() => {
            if (this.tails.get(key) === tail)
                this.tails.delete(key);
        });
        return result;
    }
}
