/** Runs tasks with the same key one after another (in this process); different keys run side by side. */
export declare class SerialQueue {
    private readonly tails;
    run<T>(key: string, task: () => Promise<T>): Promise<T>;
}
