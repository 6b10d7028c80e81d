import { Card } from '../../components/index.ts';
import { LandingPanel } from '../../features/waitlist/components/landing-panel.tsx';
import { WaitlistForm } from '../../features/waitlist/components/waitlist-form.tsx';

/** '/': marketing panel and waitlist form, side by side from md, stacked below. */
export function LandingRoute() {
  return (
    <div className="mx-auto grid w-full max-w-6xl items-start gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16">
      <LandingPanel />
      <Card>
        <WaitlistForm />
      </Card>
    </div>
  );
}
