export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; '' hides the spinner from assistive tech (when a label beside it says enough). */
  label?: string;
};

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' } as const;

export function Spinner({ size = 'md', label = 'loading' }: SpinnerProps) {
  const circle = (
    <span
      className={`inline-block animate-spin rounded-full border-current border-t-transparent ${sizes[size]}`}
      aria-hidden="true"
    />
  );
  if (label === '') return circle;
  return (
    <span role="status" aria-label={label} className="inline-flex text-sky-700 dark:text-sky-300">
      {circle}
    </span>
  );
}
