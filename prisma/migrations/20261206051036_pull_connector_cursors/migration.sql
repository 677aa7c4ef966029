-- CreateTable
CREATE TABLE "connector_cursors" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "connector" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "project" TEXT NOT NULL,
    "cursor" JSONB NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "connector_cursors_connector_host_project_key" ON "connector_cursors"("connector", "host", "project");

