/** This package's version, read from its package.json wherever the code runs from (sources or dist/). */
export declare function packageVersion(): string;
