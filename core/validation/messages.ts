import type { Locale } from '#core/i18n/locales.ts';

/**
 * Why a field was refused. Schemas carry these codes as their issue messages; the texts come from
 * `VALIDATION_MESSAGES`, so the browser and the server show the same words for the same rule.
 */
export const VALIDATION_CODES = [
  'required',
  'lettersOnly',
  'tooLong',
  'mixedLayout',
  'consent',
  'phone',
  'email',
  'choice',
  'slotTaken',
  'captcha',
  'invalid',
  'characters',
  'bidTooLow',
  'auctionNotStarted',
  'auctionEnded',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && (VALIDATION_CODES as readonly string[]).includes(value);
}

// The spec (§5) wants the consent message in Russian whatever the page's language.
const CONSENT_RU = 'Не отмечено согласие на обработку персональных данных';

export const VALIDATION_MESSAGES: Record<Locale, Record<ValidationCode, string>> = {
  ru: {
    required: 'Обязательное поле',
    lettersOnly: 'Используйте только буквы',
    tooLong: 'Превышено максимальное количество символов',
    mixedLayout: 'Пожалуйста, используйте только одну раскладку клавиатуры',
    consent: CONSENT_RU,
    phone: 'Введите номер полностью, например +7 900 000-00-00',
    email: 'Проверьте адрес электронной почты',
    choice: 'Выберите вариант из списка',
    slotTaken: 'Это время уже занято — выберите другое',
    captcha: 'Не удалось подтвердить, что вы не робот. Попробуйте ещё раз',
    invalid: 'Проверьте значение',
    characters: 'Уберите невидимые или повреждённые символы',
    bidTooLow: 'Ставка должна быть не меньше {amount}',
    auctionNotStarted: 'Торги ещё не начались',
    auctionEnded: 'Торги уже завершились',
  },
  en: {
    required: 'Obligatory field',
    lettersOnly: 'Use letters only, please',
    tooLong: 'Maximum number of characters exceeded',
    mixedLayout: 'Please use only one keyboard layout',
    consent: CONSENT_RU,
    phone: 'Enter the full number with the country code, e.g. +44 20 7946 0000',
    email: 'Check the e-mail address',
    choice: 'Choose an option from the list',
    slotTaken: 'This time has just been taken — please choose another',
    captcha: 'We could not confirm that you are not a robot. Please try again',
    invalid: 'Check this value',
    characters: 'Remove invisible or broken characters',
    bidTooLow: 'The bid must be at least {amount}',
    auctionNotStarted: 'Bidding has not started yet',
    auctionEnded: 'Bidding has already ended',
  },
  zh: {
    required: '必填项',
    lettersOnly: '请只使用字母',
    tooLong: '超出最大字符数',
    mixedLayout: '请只使用一种键盘布局',
    consent: CONSENT_RU,
    phone: '请输入含国家代码的完整号码，例如 +86 138 0000 0000',
    email: '请检查电子邮箱地址',
    choice: '请从列表中选择',
    slotTaken: '该时间刚刚被预约，请选择其他时间',
    captcha: '无法确认您不是机器人，请重试',
    invalid: '请检查该值',
    characters: '请删除不可见或损坏的字符',
    bidTooLow: '出价不得低于{amount}',
    auctionNotStarted: '竞拍尚未开始',
    auctionEnded: '竞拍已经结束',
  },
};

/**
 * The text for a code (unknown codes pass through, e.g. a server message from an older client), its `{name}`
 * placeholders filled from `params` (an auction's least bid).
 */
export function validationMessage(code: string, locale: Locale, params?: Record<string, string | number>): string {
  const text = isValidationCode(code) ? VALIDATION_MESSAGES[locale][code] : code;
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole)) : text;
}
