-- CreateTable
CREATE TABLE "connector_cursors" (
    "id" TEXT NOT NULL,
    "connector" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "project" TEXT NOT NULL,
    "cursor" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "connector_cursors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "connector_cursors_connector_host_project_key" ON "connector_cursors"("connector", "host", "project");

