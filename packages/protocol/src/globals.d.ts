/** Present in every runtime we target (Node ≥ 17, all current browsers); declared here so the package needs neither DOM nor Node typings. */
declare function structuredClone<T>(value: T): T;
