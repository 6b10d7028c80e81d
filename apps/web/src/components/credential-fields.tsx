import { PasswordField } from './password-field.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete'>;

/** The e-mail input every account form starts with (label, type, name and autofill hint fixed). */
export function EmailField(props: EmailFieldProps) {
  return <TextField label="email" type="email" name="email" autoComplete="email" {...props} />;
}

/** What the fields read and write: the shape `useCredentials` (src/lib) answers. */
type CredentialsState = {
  email: string;
  password: string;
  setEmail: (email: string) => void;
  setPassword: (password: string) => void;
};

export type CredentialFieldsProps = {
  credentials: CredentialsState;
  /** Field name -> message; a field with a message turns red. */
  errors: Partial<Record<string, string>>;
  /** Print each message under its field; otherwise the form lists them in a banner and the fields only turn red. */
  showsMessages?: boolean;
  /** 'new-password' on sign-up so password managers offer to generate one. */
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHint?: string;
};

/** The e-mail and password pair shared by log-in, sign-up and the exchange-connected log-in. */
export function CredentialFields({
  credentials,
  errors,
  showsMessages = false,
  passwordAutoComplete,
  passwordHint,
}: CredentialFieldsProps) {
  const fieldError = (message: string | undefined) =>
    showsMessages ? { errorMessage: message } : { invalid: Boolean(message) };
  return (
    <>
      <EmailField
        value={credentials.email}
        {...fieldError(errors.email)}
        onChange={(event) => credentials.setEmail(event.target.value)}
      />
      <PasswordField
        label="password"
        name="password"
        autoComplete={passwordAutoComplete}
        hint={passwordHint}
        value={credentials.password}
        {...fieldError(errors.password)}
        onChange={(event) => credentials.setPassword(event.target.value)}
      />
    </>
  );
}
