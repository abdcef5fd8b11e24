import { forwardRef } from 'react';
import Button, { type ButtonProps } from '@mui/joy/Button';
import IconButton, { type IconButtonProps } from '@mui/joy/IconButton';
import JoyLink, { type LinkProps as JoyLinkProps } from '@mui/joy/Link';
import { createLink } from '@tanstack/react-router';

// Joy components as type-safe TanStack Router links (`to`, `params`, `search` are checked).

const JoyAnchor = forwardRef<HTMLAnchorElement, JoyLinkProps>(function JoyAnchor(props, ref) {
  return <JoyLink ref={ref} {...props} />;
});

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps<'a'>>(function ButtonAnchor(props, ref) {
  return <Button ref={ref} component="a" {...props} />;
});

export const RouterLink = createLink(JoyAnchor);
export const ButtonLink = createLink(ButtonAnchor);

const IconButtonAnchor = forwardRef<HTMLAnchorElement, IconButtonProps<'a'>>(function IconButtonAnchor(props, ref) {
  return <IconButton ref={ref} component="a" {...props} />;
});

export const IconButtonLink = createLink(IconButtonAnchor);
