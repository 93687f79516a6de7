import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst, readFileTimes } from './helpers/file-times.ts';
import { groupOf, type SharedServerGroup } from './helpers/shared-servers.ts';

/** The run's test files by shared-server group, as the sequencer saw them (read by the global setup). */
const runFiles = Symbol.for('paws.e2e.runFiles');
type Holder = { [runFiles]?: string[] };

/** The members of `group` in this run (file names without .test.ts), or undefined before the run is known. */
export function runMembers(group: SharedServerGroup): string[] | undefined {
  const files = (globalThis as Holder)[runFiles];
  return files
    ?.filter((file) => groupOf(file) === group)
    .map((file) => file.replace(/^.*\//, '').replace(/\.test\.ts$/, ''));
}

/**
 * The longest files first by the committed record (file-times.json; vitest's own order, by file size in a clean
 * clone, where none is recorded) so that the two lanes end together, with the files of the development group
 * first and those of the test group last, so that each shared server is wanted for one stretch of the run and
 * stops after it; and the run's files recorded for the shared servers' keeper (global-setup.ts).
 */
export default class SharedServerSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = longestFirst(await super.sort(files), (spec) => spec.moduleId, readFileTimes());
    (globalThis as Holder)[runFiles] = sorted.map((spec) => spec.moduleId);
    const rank = (spec: TestSpecification) => {
      const group = groupOf(spec.moduleId);
      return group === 'development' ? 0 : group === 'test' ? 2 : 1;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
