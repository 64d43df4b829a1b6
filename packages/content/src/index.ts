export * from './facts';
export * from './catalogue';
export * from './editions';
export * from './script';
export * from './scriptFile';
export * from './intentFacts';
export * from './localize';
