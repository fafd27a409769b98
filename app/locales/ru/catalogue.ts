/** Messages of the catalogue screens (Russian: the source; en and zh must have the same keys). */
const catalogue = {} as const;
export default catalogue;
