// Lint fixture (never built, ignored by `npm run lint`): a service importing another service's code.
// tools/module-boundaries.int.spec.ts lints it and expects the module-boundary error.
import { computeClusters } from '@tg/service-taste';

export const borrowed = computeClusters;
