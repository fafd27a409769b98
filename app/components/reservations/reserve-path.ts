/**
 * The reserve page of a lot: its own address with `/reserve` after it. A module of its own, so the lot cards' link
 * (card-reserve.tsx) brings no other code, and no other message, into the list pages.
 */
export const reservePath = (lotUrl: string): string => `${lotUrl.replace(/\/+$/, '')}/reserve`;
