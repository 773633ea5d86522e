import { Button, type ButtonVariant } from './Button.js';
import { copyText } from './copy.js';
import { notify } from './notify.js';

export function CopyButton({
  text,
  toastMessage,
  label = 'Copy',
  variant = 'secondary',
}: {
  text: string;
  toastMessage: string;
  label?: string;
  variant?: ButtonVariant;
}) {
  return (
    <Button
      variant={variant}
      className="btn-sm"
      onClick={async () => {
        if (await copyText(text)) notify.success(toastMessage);
        else notify.error('Could not copy; please copy it by hand');
      }}
    >
      {label}
    </Button>
  );
}
