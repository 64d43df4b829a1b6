/** Bundles the server module at `entry` (with the workspace packages) into the ES module `outfile`. */
export declare const bundleServer: (entry: string, outfile: string) => Promise<unknown>;
