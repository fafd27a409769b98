import type { Locale } from '#core/i18n/locales.ts';
import { validationMessage } from '#core/validation/messages.ts';
import type { FormResult } from '#app/components/forms/types.ts';
import type { SubmitOutcome } from '#server/modules/leads/submit.ts';

/**
 * A lead's outcome as a page form without JavaScript shows it again, with the HTTP status of that answer: the lead
 * forms (`/forms/:form`) and an auction's bid form say the same things the same way.
 */
export function formOutcome(outcome: SubmitOutcome, values: Record<string, string>, locale: Locale): { result: FormResult; status: number } {
  switch (outcome.type) {
    case 'accepted':
      return { result: { state: 'success', values, answer: outcome.answer }, status: 200 };
    case 'invalid':
      if (outcome.captchaRequired) return { result: { state: 'error', values, captcha: true }, status: 400 };
      return {
        result: {
          state: 'invalid',
          values,
          errors: Object.fromEntries(
            Object.entries(outcome.errors).map(([field, codes]) => [field, codes.map((code) => validationMessage(code, locale, outcome.params))]),
          ),
        },
        status: outcome.status,
      };
    case 'limited':
      return { result: { state: 'error', values, limited: true }, status: 429 };
    case 'conflict':
      return { result: { state: 'error', values }, status: 422 };
  }
}
