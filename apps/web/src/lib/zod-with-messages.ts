// What `import … from 'zod'` resolves to in the web app (vite.config.ts, `zodWithMessages`): zod
// itself, with the portal's pt-BR messages installed before the importing module builds its first
// schema. The app shell does not import zod; the first chunk that does (a form's schema, a screen's
// check) brings the messages with it, so every zod error the app shows reads as before.
import { installZodMessages } from '@portal/domain/zod-messages';

installZodMessages();

export * from 'zod';
