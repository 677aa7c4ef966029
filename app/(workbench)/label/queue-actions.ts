"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { importFile, type ImportFileResult } from "@/lib/db/import";
import { createQueue, type CreatedQueue } from "@/lib/db/queue-admin";
import { importFormInput } from "@/lib/schemas/imports";
import { createdQueueMessage } from "@/lib/queues/created-message";
import { newQueueInput } from "@/lib/labeling/new-queue-input";
import { UserError } from "@/lib/errors";
import { maxUploadBytes, tooLargeMessage } from "@/lib/server/request-guard";
import { mappingFromFields } from "@/lib/transcripts/score-mapping";

/** Import a transcript file (all or nothing); the result, good or bad, goes back to the form. */
export const importTranscriptsAction = defineAction<typeof importFormInput, ImportFileResult>(
  "queues:manage",
  importFormInput,
  async (input, user) => {
    const limit = maxUploadBytes();
    if (input.file.size > limit) throw new UserError(tooLargeMessage(limit, input.file.size), 413, "file");
    const mapping = mappingFromFields(input);
    if (mapping && "errors" in mapping) throw new UserError(mapping.errors.join(" "), 422, "score");
    // The bytes as they are: an Inspect .eval log is a zip archive; text is checked as strict UTF-8.
    const result = await importFile({
      text: new Uint8Array(await input.file.arrayBuffer()),
      scoreMapping: mapping,
      format: input.format,
      fileName: input.file.name,
      queue: input.queue ? { name: input.queue } : null,
      actorId: user.id,
    });
    if (result.ok) revalidatePath("/label");
    return { data: result };
  },
);

export const createQueueAction = defineAction<typeof newQueueInput, CreatedQueue>("queues:manage", newQueueInput, async (input, user) => {
  const created = await createQueue(input, user.id);
  revalidatePath("/label");
  return { message: createdQueueMessage(created), data: created };
});
