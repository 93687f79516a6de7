/**
 * Shows a field's filtered value right away, for fields that strip or reformat what is typed (an amount, a
 * phone mask). Preact re-renders only when the state changes: a rejected character leaves the state as it was,
 * so without this the character would stay on screen. The caret stays where the player was typing, moved back
 * by the characters taken out (or on by those a mask added).
 */
export function showFiltered(input: HTMLInputElement, filtered: string): string {
  const typed = input.value;
  if (typed === filtered) return filtered;
  const caret = input.selectionStart;
  input.value = filtered;
  if (caret !== null && document.activeElement === input) {
    const at = Math.max(0, Math.min(filtered.length, caret - (typed.length - filtered.length)));
    input.setSelectionRange(at, at);
  }
  return filtered;
}
