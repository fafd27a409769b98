import { z } from 'zod';
import { findUnsafeCharacter, type UnsafeCharacter } from '#core/validation/characters.ts';

/**
 * Text the API accepts (query and path parameters, tracking bodies): a string without NUL or half an emoji
 * (core/validation/characters.ts `findUnsafeCharacter`). Lead forms apply the same rule through their own
 * `characters` code, translated for the visitor; here the words are Django REST framework's, like the
 * API's other messages.
 */

export function unsafeTextMessage(found: UnsafeCharacter): string {
  return found.kind === 'nul' ? 'Null characters are not allowed.' : `Surrogate characters are not allowed: U+${found.codePoint.toString(16).toUpperCase()}.`;
}

/** A zod check that refuses unsafe text and stops there (later checks would only repeat the field). */
export function refuseUnsafeText(payload: z.core.ParsePayload<string>): void {
  const found = findUnsafeCharacter(payload.value);
  if (found) payload.issues.push({ code: 'custom', message: unsafeTextMessage(found), input: payload.value, continue: false });
}

/** `z.string()` that refuses NUL and lone surrogates; chain `.trim()`, `.max()`, `.regex()` as usual. */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(refuseUnsafeText);
}
