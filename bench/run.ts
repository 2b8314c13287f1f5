/**
 * `npm run bench [-- --scale 0.01] [-- --seconds 10] [-- --skip-generate]`: the business benchmark
 * (bench/business.ts). Other suites have their own scripts (e.g. bench/iot.ts).
 */
import { runBusinessBench } from './business.js';

runBusinessBench(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
