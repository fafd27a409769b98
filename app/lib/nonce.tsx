import { createContext, useContext } from 'react';

/** Provided by app/entry.server.tsx (a context is its own provider: no `.Provider` read left in the browser's bundle). */
export const NonceContext = createContext('');
/** The CSP nonce of this response (empty in the browser, which hides nonces from scripts anyway). */
export const useNonce = () => useContext(NonceContext);
