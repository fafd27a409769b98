import { createContext, useContext } from 'react';

const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this response (empty in the browser, which hides nonces from scripts anyway). */
export const useNonce = () => useContext(NonceContext);
