import { afterEach, expect, it } from 'vitest';
import { showFiltered } from './filtered-input';

const focusedInput = (value: string, caret: number) => {
  const input = document.createElement('input');
  document.body.append(input);
  input.focus();
  input.value = value;
  input.setSelectionRange(caret, caret);
  return input;
};

afterEach(() => {
  document.body.replaceChildren();
});

it('writes the filtered value back and keeps the caret where the rejected character was typed', () => {
  const input = focusedInput('1x2', 2);
  expect(showFiltered(input, '12')).toBe('12');
  expect(input.value).toBe('12');
  expect(input.selectionStart).toBe(1);
});

it('moves the caret on past what a mask added', () => {
  const input = focusedInput('1234', 4);
  showFiltered(input, '123-4');
  expect(input.value).toBe('123-4');
  expect(input.selectionStart).toBe(5);
});

it('leaves an accepted value and its caret alone', () => {
  const input = focusedInput('12', 1);
  showFiltered(input, '12');
  expect(input.selectionStart).toBe(1);
});
