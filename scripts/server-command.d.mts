export function serverCommand(): string[];
