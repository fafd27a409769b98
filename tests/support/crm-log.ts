/** A logger that keeps its lines: CRM tests read what an operator would be told (and that no personal data is in it). */
export function recordingLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** A moment `ms` from now: an outbox loop is asked what is due then, so no test waits for a backoff or a probe. */
export const later = (ms: number) => new Date(Date.now() + ms);
