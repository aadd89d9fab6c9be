// An in-app link styled as the product's text link.
import { Link } from 'react-router';
import type { LinkProps } from 'react-router';

export function TextLink({ className = '', ...props }: LinkProps) {
  return (
    <Link
      className={`font-semibold text-primary-dark underline-offset-4 hover:underline ${className}`}
      {...props}
    />
  );
}
