/**
 * Runs read-modify-write sections one at a time per key within this process. Keyv has no compare-and-set,
 * so this is what keeps two concurrent sign-ups (or membership edits) in one process from overwriting each other.
 */
export class KeyedLock {
    tails = new Map();
    async run(key, section) {
        const previous = this.tails.get(key) ?? Promise.resolve();
        const current = previous.then(section, section);
        const tail = current.catch(() => undefined);
        this.tails.set(key, tail);
        try {
            return await current;
        }
        finally {
            if (this.tails.get(key) === tail)
                this.tails.delete(key);
        }
    }
}
