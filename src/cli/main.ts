import { buildProgram } from './program';
import { reportError } from './report-error';

buildProgram(process.env)
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.exitCode = reportError(error);
  });
