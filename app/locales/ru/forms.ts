/** Messages of the forms screens (Russian: the source; en and zh must have the same keys). */
const forms = {} as const;
export default forms;
