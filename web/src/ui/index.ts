export { Button, type ButtonProps } from './Button.js';
export { Input, PasswordInput, Select, Checkbox } from './Input.js';
export { Modal } from './Modal.js';
export { Spinner } from './Spinner.js';
export { Icon, type IconName } from './Icon.js';
export { Toasts, notify } from './toast.js';
export { copyText } from './copy.js';
export { CopyButton } from './CopyButton.js';
