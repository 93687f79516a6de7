import { readFileSync } from 'node:fs';

// /proc/<pid>/stat counts user and system time in clock ticks (USER_HZ, 100 on Linux).
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far (user + system). */
export function cpuSeconds(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at index 3 of the full list.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
