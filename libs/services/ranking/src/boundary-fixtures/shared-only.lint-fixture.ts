// Lint fixture (never built, ignored by `npm run lint`): a service importing only what services may share.
// tools/module-boundaries.int.spec.ts lints it and expects no error.
import { distinctiveKeywords } from '@tg/domain';
import { profileFor } from '@tg/read-model';
import { mapLimit } from '@tg/service-runtime';

export const shared = [distinctiveKeywords, profileFor, mapLimit];
