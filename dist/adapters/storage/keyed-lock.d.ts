/**
 * Runs read-modify-write sections one at a time per key within this process. Keyv has no compare-and-set,
 * so this is what keeps two concurrent sign-ups (or membership edits) in one process from overwriting each other.
 */
export declare class KeyedLock {
    private readonly tails;
    run<T>(key: string, section: () => Promise<T>): Promise<T>;
}
