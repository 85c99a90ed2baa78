/** The identity feature's public face: what others may import; the rest of the folder is its own. */
export { logIn } from './sign-in';
/** The sign-in panel of a signed-out pane, loaded when first shown. */
export const loadSignInView = () => import('./SignInView.vue');
