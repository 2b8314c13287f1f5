/**
 * `npm run bench [-- --suite business|cylinders|invoices|all] [-- --scale 0.01] [-- --seconds 10] [-- --skip-generate]`:
 * the business benchmark (bench/business.ts), then the cylinder benchmark on the same store group
 * (bench/cylinders.ts); `--suite` runs one of them (default `all`: those two). `--suite invoices`
 * (bench/invoices.ts) issues and looks up invoices on the same group; `all` leaves it out, as it adds
 * a million invoices to the group. Other suites have their own scripts (e.g. bench/iot.ts).
 */
import { runBusinessBench } from './business.js';
import { runCylinderBench } from './cylinders.js';
import { runInvoiceBench } from './invoices.js';

async function main(argv: string[]): Promise<void> {
  const at = argv.findIndex((a) => a.startsWith('--suite'));
  const suite = at < 0 ? 'all' : argv[at]!.includes('=') ? argv[at]!.split('=')[1]! : (argv[at + 1] ?? '');
  if (!['business', 'cylinders', 'invoices', 'all'].includes(suite))
    throw new Error('--suite must be business, cylinders, invoices or all');
  if (suite === 'invoices') return runInvoiceBench(argv);
  if (suite !== 'cylinders') await runBusinessBench(argv);
  // After the business run, its freshly generated group is reused as it is.
  if (suite !== 'business') await runCylinderBench(argv);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
