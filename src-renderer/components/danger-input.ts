/** Naive UI's text input for the type-to-confirm field, a chunk loaded with the first question (#39). */
export { NInput } from 'naive-ui';
