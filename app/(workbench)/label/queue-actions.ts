"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { importFile, type ImportFileResult } from "@/lib/db/import";
import { createQueue, type CreatedQueue } from "@/lib/db/queue-admin";
import { importFormInput } from "@/lib/schemas/imports";
import { createdQueueMessage } from "@/lib/queues/created-message";
import { createQueueInput } from "@/lib/schemas/queues";
import { UserError } from "@/lib/errors";
import { maxUploadBytes, tooLargeMessage } from "@/lib/server/request-guard";
import { decodeUtf8 } from "@/lib/text/utf8";

/** Import a transcript file (all or nothing); the result, good or bad, goes back to the form. */
export const importTranscriptsAction = defineAction<typeof importFormInput, ImportFileResult>(
  "queues:manage",
  importFormInput,
  async (input, user) => {
    const limit = maxUploadBytes();
    if (input.file.size > limit) throw new UserError(tooLargeMessage(limit, input.file.size), 413, "file");
    const decoded = decodeUtf8(new Uint8Array(await input.file.arrayBuffer()));
    if (!decoded.ok) throw new UserError(decoded.error, 422, "file");
    const result = await importFile({
      text: decoded.text,
      format: input.format,
      fileName: input.file.name,
      queue: input.queue ? { name: input.queue } : null,
      actorId: user.id,
    });
    if (result.ok) revalidatePath("/label");
    return { data: result };
  },
);

export const createQueueAction = defineAction<typeof createQueueInput, CreatedQueue>(
  "queues:manage",
  createQueueInput,
  async (input, user) => {
    const created = await createQueue(input, user.id);
    revalidatePath("/label");
    return { message: createdQueueMessage(created), data: created };
  },
);
