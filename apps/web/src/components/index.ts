export { ErrorBanner, InfoBanner, SuccessBanner } from './banner.tsx';
export { Button } from './button.tsx';
export { Badge, Card } from './card.tsx';
export { Collapsible } from './collapsible.tsx';
export { Page, PlaceholderScreen } from './page.tsx';
export { PasswordField } from './password-field.tsx';
export { Spinner } from './spinner.tsx';
export { Tabs } from './tabs.tsx';
export { TextAreaField, TextField } from './text-field.tsx';
