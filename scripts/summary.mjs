// Prints one closing line over every runner: "tests: N passed, N failed, N skipped".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = (report) => {
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
};

const playwright = (report) => {
  passed += report.stats.expected;
  failed += report.stats.unexpected + report.stats.flaky;
  skipped += report.stats.skipped;
};

for (const file of process.argv.slice(2)) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) vitest(report);
  else playwright(report);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
