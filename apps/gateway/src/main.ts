// The HTTP gateway on its own: HTTP /v1 → NATS request/reply to the services.
import { runGateway } from '@tg/compose';

await runGateway();
